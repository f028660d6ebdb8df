import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The metadata of a chunk as text (stored as JSON text, or an object). */
export function metadataText(metadata: unknown): string {
  if (metadata === undefined || metadata === null || metadata === '') return '{}';
  if (typeof metadata === 'string') {
    try {
      return JSON.stringify(JSON.parse(metadata), null, 2);
    } catch {
      return metadata;
    }
  }
  return JSON.stringify(metadata, null, 2);
}

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** One chunk: "#n. Characters: len", extra facts (a score), its text and metadata; a click opens it. */
export function ChunkCard({
  number,
  text,
  metadata,
  extra,
  onOpen,
}: {
  number: number | string;
  text: string;
  metadata: unknown;
  extra?: ReactNode;
  onOpen?: () => void;
}) {
  const title = `#${number}. Characters: ${text.length}`;
  const body = (
    <Box sx={{ p: 2, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h3" fontWeight={600}>
          {title}
        </Typography>
        {extra}
      </Box>
      <Typography
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          display: '-webkit-box',
          WebkitLineClamp: 8,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {text}
      </Typography>
      <Box
        component="pre"
        sx={{
          mt: 1.5,
          mb: 0,
          p: 1,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: MONO,
          fontSize: 11.5,
          maxHeight: 120,
          overflow: 'hidden',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          color: 'text.secondary',
        }}
      >
        {metadataText(metadata)}
      </Box>
    </Box>
  );
  return (
    <Card variant="outlined" component="article" aria-label={title} sx={{ height: '100%' }}>
      {onOpen ? (
        <CardActionArea
          onClick={onOpen}
          sx={{ height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'flex-start' }}
        >
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** The grid the chunk cards sit in. */
export function ChunkGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
      {children}
    </Box>
  );
}
