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
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { docStoreUpsertSnippets, groupStoreConfigs } from '@flowloom/shared';
import { useId, useMemo, useState } from 'react';
import { apiHost } from '../../../api/api';
import { errorMessage } from '../../../api/errorMessage';
import { useApiQuery } from '../../../api/useApiQuery';
import { CopyButton } from '../../../components/CopyButton';
import { documentStoresApi } from '../documentStoresApi';

const LANGUAGES = [
  { key: 'python', label: 'Python' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'curl', label: 'cURL' },
] as const;

/** A code sample with a copy button. */
function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: 6, right: 6 }}>
        <CopyButton text={code} label={`Copy ${label} code`} />
      </Box>
      <Box
        component="pre"
        aria-label={`${label} code`}
        sx={{
          m: 0,
          p: 2,
          pr: 6,
          borderRadius: 2,
          bgcolor: 'action.hover',
          overflowX: 'auto',
          fontSize: 12.5,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        }}
      >
        {code}
      </Box>
    </Box>
  );
}

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
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]['key']>('python');
  const configs = useApiQuery(() => documentStoresApi.storeConfigs(storeId, loaderId), [storeId, loaderId]);
  const snippets = useMemo(
    () =>
      configs.data &&
      docStoreUpsertSnippets({ baseUrl: apiHost(), storeId, loaderId, configs: configs.data }),
    [configs.data, storeId, loaderId],
  );
  const groups = useMemo(() => groupStoreConfigs(configs.data ?? []), [configs.data]);
  const label = LANGUAGES.find((item) => item.key === language)!.label;

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
            <Tabs value={language} onChange={(_event, value: typeof language) => setLanguage(value)}>
              {LANGUAGES.map((item) => (
                <Tab key={item.key} value={item.key} label={item.label} />
              ))}
            </Tabs>
            <CodeSample code={snippets[language]} label={label} />
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
