import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import { useState } from 'react';
import { ChunkCard, ChunkGrid } from '../chunks/ChunkCard';
import { ChunkDialog, type ShownChunk } from '../chunks/ChunkDialog';
import type { LoaderPreview } from '../documentStoresApi';

/** The right side of the loader page: preview controls and the first chunks. */
export function PreviewPanel({
  preview,
  count,
  busy,
  disabled = false,
  error,
  onCount,
  onPreview,
}: {
  preview: LoaderPreview | null;
  count: string;
  busy: boolean;
  /** Without the permission to preview. */
  disabled?: boolean;
  error: string;
  onCount: (count: string) => void;
  onPreview: () => void;
}) {
  const [open, setOpen] = useState<ShownChunk | null>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1, minWidth: 160 }}>
          {preview ? `${preview.chunks.length} of ${preview.totalChunks} Chunks` : 'Preview'}
        </Typography>
        <TextField
          label="Show Chunks in Preview"
          type="number"
          size="small"
          value={count}
          onChange={(event) => onCount(event.target.value)}
          sx={{ width: 190 }}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <Button
          variant="outlined"
          startIcon={<PreviewIcon />}
          onClick={onPreview}
          disabled={busy || disabled}
        >
          {preview ? 'Preview' : 'Preview Chunks'}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-wrap' }}>
          {error}
        </Alert>
      )}
      {busy && !preview && (
        <ChunkGrid>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={160} />
          ))}
        </ChunkGrid>
      )}
      {!busy && !preview && !error && (
        <Card variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <Typography variant="body2">
            Fill in the loader, pick a splitter, then preview the first chunks before processing them all.
          </Typography>
        </Card>
      )}
      {preview && preview.chunks.length === 0 && (
        <Typography color="text.secondary">The loader found no text to split.</Typography>
      )}
      {preview && preview.chunks.length > 0 && (
        <Box sx={{ opacity: busy ? 0.5 : 1 }}>
          <ChunkGrid>
            {preview.chunks.map((chunk, index) => (
              <ChunkCard
                key={index}
                number={index + 1}
                text={chunk.pageContent}
                metadata={chunk.metadata}
                onOpen={() => setOpen({ chunkNo: index + 1, ...chunk })}
              />
            ))}
          </ChunkGrid>
        </Box>
      )}
      {open && <ChunkDialog chunk={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
