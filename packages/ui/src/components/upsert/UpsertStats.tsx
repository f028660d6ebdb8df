import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { UpsertCounts } from './upsertHistoryApi';

const STATS = [
  { key: 'numAdded', label: 'Added', color: '#16a34a' },
  { key: 'numUpdated', label: 'Updated', color: '#2563eb' },
  { key: 'numSkipped', label: 'Skipped', color: '#d97706' },
  { key: 'numDeleted', label: 'Deleted', color: '#dc2626' },
] as const;

/** Four stat cards: Added, Updated, Skipped, Deleted. */
export function UpsertStats({ counts }: { counts: UpsertCounts }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
      {STATS.map((stat) => (
        <Card key={stat.key} variant="outlined" sx={{ p: 1.5, borderTop: 3, borderTopColor: stat.color }}>
          <Typography variant="body2" color="text.secondary">
            {stat.label}
          </Typography>
          <Typography variant="h3" component="p" aria-label={`${stat.label}: ${counts[stat.key] ?? 0}`}>
            {counts[stat.key] ?? 0}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}
