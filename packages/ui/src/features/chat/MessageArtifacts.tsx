import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { memo } from 'react';
import { apiHost } from '../../api/api';
import { Markdown } from './markdown/Markdown';
import {
  chatFileUrl,
  fileAnnotationsOf,
  storedFileName,
  type Artifact,
  type ChatFilesOf,
} from './chatArtifacts';

/** Pictures are shown only from addresses a page may load: inline data or http(s). */
const showable = (data: unknown): data is string =>
  typeof data === 'string' &&
  (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(data) || /^https?:\/\//i.test(data));

/** Where a picture can be loaded from: inline data, http(s), or the chat's kept files. */
function pictureSource(data: unknown, files: ChatFilesOf | undefined): string | undefined {
  if (showable(data)) return data;
  const stored = storedFileName(data);
  return stored && files ? `${apiHost()}${chatFileUrl(files, stored)}` : undefined;
}

/**
 * Images, HTML and text an answer produced. HTML is shown as its source (never run); a picture the
 * server keeps for the chat is shown from there when the chat is known (`files`), else by its name.
 */
export const MessageArtifacts = memo(function MessageArtifacts({
  artifacts,
  compact = false,
  files,
}: {
  artifacts: Artifact[];
  compact?: boolean;
  files?: ChatFilesOf | undefined;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: compact ? 'row' : 'column', flexWrap: 'wrap', gap: 1, my: 1 }}>
      {artifacts.map((artifact, index) => {
        if (artifact.type === 'png' || artifact.type === 'jpeg') {
          const source = pictureSource(artifact.data, files);
          return source ? (
            <Box
              key={index}
              component="img"
              src={source}
              alt={storedFileName(artifact.data) ?? 'artifact'}
              sx={{ maxWidth: compact ? 200 : '100%', borderRadius: '8px', display: 'block' }}
            />
          ) : (
            <Chip
              key={index}
              size="small"
              variant="outlined"
              icon={<ImageOutlinedIcon />}
              label={
                typeof artifact.data === 'string' ? artifact.data.replace('FILE-STORAGE::', '') : 'image'
              }
            />
          );
        }
        const text =
          typeof artifact.data === 'string' ? artifact.data : JSON.stringify(artifact.data, null, 2);
        if (artifact.type === 'html')
          return (
            <Box
              key={index}
              component="pre"
              sx={{
                m: 0,
                p: 1,
                fontSize: 11.5,
                whiteSpace: 'pre-wrap',
                border: 1,
                borderColor: 'divider',
                borderRadius: '8px',
              }}
            >
              {text}
            </Box>
          );
        return <Markdown key={index} text={text} />;
      })}
    </Box>
  );
});

/**
 * Files an assistant answer cited or wrote (Flowise `fileAnnotations`): their names, each a download
 * when the chat is known (`files`) and the server kept the file.
 */
export function FileAnnotationsList({
  annotations,
  files,
}: {
  annotations: unknown;
  files?: ChatFilesOf | undefined;
}) {
  const list = fileAnnotationsOf(annotations) ?? [];
  if (list.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Files">
      {list.map(({ fileName: name, filePath }, index) =>
        // A file the server did not keep (a cited document OpenAI does not hand out) is only named.
        files && filePath ? (
          <Chip
            key={index}
            size="small"
            variant="outlined"
            icon={<FileDownloadOutlinedIcon />}
            label={name}
            component="a"
            href={`${apiHost()}${chatFileUrl(files, filePath, true)}`}
            download={name}
            clickable
            aria-label={`Download ${name}`}
          />
        ) : (
          <Chip key={index} size="small" variant="outlined" icon={<AttachFileIcon />} label={name} />
        ),
      )}
    </Box>
  );
}
