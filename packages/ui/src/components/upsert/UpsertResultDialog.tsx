import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { UpsertOutcome } from '@flowloom/shared';
import { useId } from 'react';
import { ChunkCard, ChunkGrid } from '../../features/document-stores/chunks/ChunkCard';
import { UpsertStats } from './UpsertStats';

/**
 * "Upsert Record": what an upsert did and the documents it added (a document store's or a chatflow's
 * vector store), with the way on to test retrieval where there is one.
 */
export function UpsertResultDialog({
  result,
  onTestRetrieval,
  onClose,
}: {
  result: UpsertOutcome;
  onTestRetrieval?: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const added = result.addedDocs ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Upsert Record</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <UpsertStats counts={result} />
        {added.length > 0 && (
          <>
            <Typography variant="h5" component="h3">
              {added.length} Added Documents
            </Typography>
            <ChunkGrid>
              {added.map((doc, index) => (
                <ChunkCard key={index} number={index + 1} text={doc.pageContent} metadata={doc.metadata} />
              ))}
            </ChunkGrid>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {onTestRetrieval && (
          <Button variant="contained" onClick={onTestRetrieval}>
            Test Retrieval
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
