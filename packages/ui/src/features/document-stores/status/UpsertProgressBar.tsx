import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DocumentStore } from '@flowloom/shared';

/**
 * An upsert under way: "Upserting: 5 of 12 chunks embedded…" over a bar, or "Upserting…" over a
 * running bar until the server reports its first count.
 */
export function UpsertProgressBar({ progress }: { progress: DocumentStore['upsertProgress'] }) {
  const counted = progress && progress.total > 0;
  const text = progress ? `Upserting: ${progress.done} of ${progress.total} chunks embedded…` : 'Upserting…';
  return (
    <Box sx={{ maxWidth: 420 }}>
      <LinearProgress
        variant={counted ? 'determinate' : 'indeterminate'}
        value={counted ? (progress.done / progress.total) * 100 : undefined}
        aria-label={text}
      />
      <Typography variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
