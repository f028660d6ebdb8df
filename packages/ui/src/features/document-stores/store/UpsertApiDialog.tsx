import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { docStoreUpsertSnippets, groupStoreConfigs } from '@flowloom/shared';
import { useId, useMemo } from 'react';
import { apiHost } from '../../../api/api';
import { errorMessage } from '../../../api/errorMessage';
import { useApiQuery } from '../../../api/useApiQuery';
import { CodeSamples } from '../../../components/upsert/CodeSamples';
import { documentStoresApi } from '../documentStoresApi';

/** "Upsert API": how to upsert into a loader from code, and which settings a call may override. */
export function UpsertApiDialog({
  storeId,
  loaderId,
  onClose,
}: {
  storeId: string;
  loaderId: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const configs = useApiQuery(() => documentStoresApi.storeConfigs(storeId, loaderId), [storeId, loaderId]);
  const snippets = useMemo(
    () =>
      configs.data &&
      docStoreUpsertSnippets({ baseUrl: apiHost(), storeId, loaderId, configs: configs.data }),
    [configs.data, storeId, loaderId],
  );
  const groups = useMemo(() => groupStoreConfigs(configs.data ?? []), [configs.data]);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Upsert API</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="info">
          Upsert API can only be used when the existing document loader has been upserted before.
        </Alert>
        {configs.loading && !configs.data && <LinearProgress aria-label="Loading" />}
        {configs.error !== undefined && !configs.data && (
          <Alert severity="error">
            {errorMessage(configs.error, 'The loader settings could not be loaded')}
          </Alert>
        )}
        {snippets && (
          <>
            <Typography variant="body2" color="text.secondary">
              With the Upsert API you reuse this loader&apos;s configuration to load
              {snippets.multipart ? ' new files' : ' new content'} into the store, from your own code. Create
              an API key under API Keys.
            </Typography>
            <CodeSamples samples={snippets} />
            {groups.length > 0 && (
              <Box>
                <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                  You can override existing configurations:
                </Typography>
                {groups.map((group) => (
                  <Accordion key={group.nodeId} disableGutters variant="outlined">
                    <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                      <Typography sx={{ mr: 1 }}>{group.node}</Typography>
                      <Chip size="small" label={group.nodeId} />
                    </AccordionSummary>
                    <AccordionDetails>
                      <Table size="small" aria-label={`${group.node} settings`}>
                        <TableHead>
                          <TableRow>
                            <TableCell>Label</TableCell>
                            <TableCell>Name</TableCell>
                            <TableCell>Type</TableCell>
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {group.params.map((param) => (
                            <TableRow key={param.name}>
                              <TableCell>{param.label}</TableCell>
                              <TableCell sx={{ fontFamily: 'monospace' }}>{param.name}</TableCell>
                              <TableCell>{param.type}</TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </AccordionDetails>
                  </Accordion>
                ))}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
