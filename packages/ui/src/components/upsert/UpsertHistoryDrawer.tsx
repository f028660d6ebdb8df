import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useApiQuery } from '../../api/useApiQuery';
import { formatDate } from '../formatDate';
import { ComponentSettingsCard } from './ComponentSettingsCard';
import { upsertHistoryApi, type UpsertCounts, type UpsertHistoryEntry } from './upsertHistoryApi';
import { UpsertStats } from './UpsertStats';

const countsOf = (entry: UpsertHistoryEntry): UpsertCounts =>
  typeof entry.result === 'object' && entry.result ? entry.result : {};
const nodesOf = (entry: UpsertHistoryEntry) => (Array.isArray(entry.flowData) ? entry.flowData : []);

/** One upsert in full: its counts and the settings of each component it used. */
function DetailsDialog({ entry, onClose }: { entry: UpsertHistoryEntry; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{formatDate(entry.date)}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <UpsertStats counts={countsOf(entry)} />
        {nodesOf(entry).map((node) => (
          <ComponentSettingsCard key={node.id} component={node} params={node.paramValues} heading="h3" />
        ))}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The upserts of a document store or of a chatflow's vector stores (`id`), newest first, each with
 * its counts and a Details dialog.
 */
export function UpsertHistoryDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const history = useApiQuery(() => upsertHistoryApi.list(id), [id]);
  const [details, setDetails] = useState<UpsertHistoryEntry | null>(null);
  const entries = history.data ?? [];
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the app bar, which sits over ordinary drawers to stay reachable beside the side menu.
      sx={(theme) => ({ zIndex: theme.zIndex.modal })}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Box
        role="region"
        aria-label="Upsert History"
        sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h4" component="h2">
            Upsert History
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        {history.loading && !history.data && <LinearProgress aria-label="Loading" />}
        {history.error !== undefined && (
          <Alert severity="error">
            {errorMessage(history.error, 'The upsert history could not be loaded')}
          </Alert>
        )}
        {history.data && entries.length === 0 && (
          <Typography color="text.secondary">No Upsert History Yet</Typography>
        )}
        {entries.map((entry) => {
          const counts = countsOf(entry);
          return (
            <Card key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="body2" fontWeight={600}>
                {formatDate(entry.date)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, my: 1, fontSize: 14 }}>
                <span>Added: {counts.numAdded ?? 0}</span>
                <span>Updated: {counts.numUpdated ?? 0}</span>
                <span>Skipped: {counts.numSkipped ?? 0}</span>
                <span>Deleted: {counts.numDeleted ?? 0}</span>
              </Box>
              <Button size="small" variant="outlined" onClick={() => setDetails(entry)}>
                Details
              </Button>
            </Card>
          );
        })}
      </Box>
      {details && <DetailsDialog entry={details} onClose={() => setDetails(null)} />}
    </Drawer>
  );
}
