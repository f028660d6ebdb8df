import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { MAX_CHUNK_CHARACTERS } from '@flowloom/shared';
import { useId, useMemo, useState } from 'react';
import { jsonError } from '../../canvas/inputs/JsonParamInput';
import { metadataText } from './ChunkCard';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5 };

/** What a chunk dialog shows. */
export interface ShownChunk {
  id?: string;
  chunkNo: number;
  pageContent: string;
  metadata: unknown;
}

/** Why a chunk edit cannot be saved, or '' when it can. */
export function chunkEditError(text: string, metadata: string): string {
  if (text.trim() === '') return 'A chunk needs some text';
  if (text.length > MAX_CHUNK_CHARACTERS) return `A chunk holds at most ${MAX_CHUNK_CHARACTERS} characters`;
  const json = jsonError(metadata);
  if (json) return json;
  const parsed: unknown = metadata.trim() === '' ? {} : JSON.parse(metadata);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Metadata must be a JSON object';
  return '';
}

/**
 * One chunk in full: its text and metadata, read-only, with Edit Chunk (text and JSON metadata,
 * Cancel / Save) and Delete Chunk when the caller allows them.
 */
export function ChunkDialog({
  chunk,
  onClose,
  onSave,
  onDelete,
}: {
  chunk: ShownChunk;
  onClose: () => void;
  /** Saves an edit; a rejection (already announced by the caller) keeps the edit open. */
  onSave?: (pageContent: string, metadata: Record<string, unknown>) => Promise<void>;
  onDelete?: () => void;
}) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(chunk.pageContent);
  const [metadata, setMetadata] = useState(() => metadataText(chunk.metadata));
  const [busy, setBusy] = useState(false);
  const error = useMemo(() => (editing ? chunkEditError(text, metadata) : ''), [editing, text, metadata]);

  const save = async () => {
    if (!onSave || error) return;
    setBusy(true);
    try {
      await onSave(text, metadata.trim() === '' ? {} : (JSON.parse(metadata) as Record<string, unknown>));
      setEditing(false);
    } catch {
      // The caller said why; the edit stays open to fix it.
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setText(chunk.pageContent);
    setMetadata(metadataText(chunk.metadata));
    setEditing(false);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-all' }}>
        #{chunk.chunkNo}
        {chunk.id ? `. ${chunk.id}` : ''}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Characters: {(editing ? text : chunk.pageContent).length}
        </Typography>
        {editing ? (
          <>
            <TextField
              label="Text"
              multiline
              minRows={8}
              maxRows={20}
              fullWidth
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <TextField
              label="Metadata"
              multiline
              minRows={4}
              maxRows={14}
              fullWidth
              value={metadata}
              onChange={(event) => setMetadata(event.target.value)}
              error={error !== ''}
              helperText={error || 'JSON object'}
              slotProps={{ htmlInput: { spellCheck: false }, input: { sx: MONO } }}
            />
          </>
        ) : (
          <>
            <Box
              aria-label="Chunk text"
              sx={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            >
              {chunk.pageContent}
            </Box>
            <Box
              component="pre"
              aria-label="Chunk metadata"
              sx={{
                ...MONO,
                m: 0,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'action.hover',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {metadataText(chunk.metadata)}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {editing ? (
          <>
            <Button color="inherit" onClick={cancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy || error !== ''}>
              Save
            </Button>
          </>
        ) : (
          <>
            {onDelete && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} sx={{ mr: 'auto' }}>
                Delete Chunk
              </Button>
            )}
            {onSave && (
              <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                Edit Chunk
              </Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
