import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { formatBytes } from '@flowloom/shared';
import { useRef, type ReactNode } from 'react';
import type { OpenAIFile } from './openAIDraft';

/**
 * One tool's files in the assistant dialog (the code interpreter's, the file search's): their names
 * with a remove button each, and an upload button that sends the chosen files at once.
 */
export function AssistantFilesCard({
  title,
  help,
  files,
  uploading,
  onUpload,
  onRemove,
  uploadDisabled,
  children,
}: {
  title: string;
  help: string;
  files: OpenAIFile[];
  uploading: boolean;
  onUpload?: ((files: File[]) => void) | undefined;
  onRemove: (file: OpenAIFile) => void;
  /** Why uploading is not possible yet (e.g. no vector store), shown instead of the button. */
  uploadDisabled?: string | undefined;
  /** Above the files (the vector store's chip and buttons). */
  children?: ReactNode;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Card variant="outlined" sx={{ p: 2 }} aria-label={title} role="group">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography variant="overline">{title}</Typography>
        <Tooltip title={help}>
          <InfoOutlinedIcon sx={{ fontSize: 16, color: 'text.secondary' }} />
        </Tooltip>
      </Box>
      {children}
      {files.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          {files.map((file) => (
            <Chip
              key={file.id}
              label={
                file.bytes !== undefined ? `${file.filename} (${formatBytes(file.bytes)})` : file.filename
              }
              onDelete={() => onRemove(file)}
              deleteIcon={
                <Box component="span" aria-label={`Remove ${file.filename}`} sx={{ fontSize: 16 }}>
                  ×
                </Box>
              }
              variant="outlined"
              color="warning"
            />
          ))}
        </Box>
      )}
      {uploadDisabled ? (
        <Typography variant="body2" color="text.secondary">
          {uploadDisabled}
        </Typography>
      ) : (
        onUpload && (
          <>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              aria-label={`Upload files to ${title}`}
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                if (chosen.length) onUpload(chosen);
              }}
            />
            <Button
              variant="outlined"
              size="small"
              startIcon={uploading ? <CircularProgress size={14} /> : <UploadFileOutlinedIcon />}
              disabled={uploading}
              onClick={() => picker.current?.click()}
            >
              {uploading ? 'Uploading…' : 'Upload files'}
            </Button>
          </>
        )
      )}
    </Card>
  );
}
