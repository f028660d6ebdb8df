import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { vectorUpsertSnippets, type Chatflow, type UpsertOutcome } from '@flowloom/shared';
import { useId, useMemo, useState } from 'react';
import { apiHost } from '../../../api/api';
import { errorMessage } from '../../../api/errorMessage';
import { CodeSamples } from '../../../components/upsert/CodeSamples';
import { ComponentSettingsCard } from '../../../components/upsert/ComponentSettingsCard';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import { NodeIcon } from '../nodes/NodeIcon';
import { vectorUpsertApi } from './vectorUpsertApi';
import type { VectorUpsertTarget } from './vectorUpsertTargets';

export const UPSERTED_MESSAGE = 'Successfully upserted vector store. You can start chatting now!';

export interface VectorUpsertDialogProps {
  flowId: string;
  /** The upsertable vector stores of the saved flow. */
  targets: readonly VectorUpsertTarget[];
  /** The user may upsert (edit the chatflow); without it the dialog only shows settings and API. */
  canUpsert: boolean;
  /** The canvas holds changes the saved flow lacks: upserting saves first. */
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
  onUpserted: (result: UpsertOutcome) => void;
  onClose: () => void;
}

/** How to upsert this store from code. */
function ApiExamples({
  flowId,
  target,
  several,
}: {
  flowId: string;
  target: VectorUpsertTarget;
  several: boolean;
}) {
  const snippets = useMemo(
    () =>
      vectorUpsertSnippets({
        baseUrl: apiHost(),
        flowId,
        ...(several && { stopNodeId: target.store.id }),
        ...(target.fileTypes && { fileTypes: target.fileTypes }),
      }),
    [flowId, target, several],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {snippets.multipart
          ? 'Send the files to load as multipart form data; the loader of this store reads them.'
          : 'Load the documents of this store from your own code.'}{' '}
        A call needs an API key (see API Keys). Overrides such as <code>topK</code> take effect only for the
        settings the chatflow&apos;s API configuration lets callers override.
      </Typography>
      <CodeSamples samples={snippets} />
    </Box>
  );
}

/**
 * "Upsert Vector Store" (DOCUMENT_STORES.md §4.11): each vector store of the saved chatflow whose
 * documents can be loaded, with the components feeding it and their settings, how to call the
 * upsert API for it, and its Upsert button.
 */
export default function VectorUpsertDialog({
  flowId,
  targets,
  canUpsert,
  isDirty,
  onSave,
  onUpserted,
  onClose,
}: VectorUpsertDialogProps) {
  const titleId = useId();
  const confirm = useConfirm();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showApi, setShowApi] = useState<Record<string, boolean>>({});
  const several = targets.length > 1;

  const upsert = async (storeId: string) => {
    if (isDirty) {
      const ok = await confirm({
        title: 'Save before upserting',
        description:
          'Upserting loads the documents of the saved chatflow, which lacks your latest changes. Save them and upsert?',
        confirmButtonName: 'Save and upsert',
      });
      if (!ok || !(await onSave())) return;
    }
    setBusy(storeId);
    setErrors(({ [storeId]: _dropped, ...rest }) => rest);
    try {
      const result = await vectorUpsertApi.upsert(flowId, storeId);
      notify.success(UPSERTED_MESSAGE);
      if (result && typeof result === 'object' && typeof result.numAdded === 'number') onUpserted(result);
      else onClose();
    } catch (error) {
      setErrors((current) => ({ ...current, [storeId]: errorMessage(error, 'The upsert failed.') }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      data-canvas-keys="off"
    >
      <DialogTitle id={titleId}>Upsert Vector Store</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {isDirty && canUpsert && (
          <Alert severity="warning">
            This chatflow has unsaved changes. Upserting uses the saved chatflow, so you will be asked to save
            first.
          </Alert>
        )}
        {targets.length === 0 && (
          <Typography color="text.secondary">
            No vector store of the saved chatflow has documents connected to it.
          </Typography>
        )}
        {targets.map((target, index) => {
          const id = target.store.id;
          return (
            <Accordion key={id} defaultExpanded={index === 0} disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                  <NodeIcon name={target.store.name} label={target.store.label} size={32} />
                  <Typography variant="h5" component="span">
                    {target.store.label}
                  </Typography>
                  <Chip size="small" label={id} sx={{ fontFamily: 'monospace' }} />
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                {target.components.map((component) => (
                  <ComponentSettingsCard key={component.id} component={component} params={component.params} />
                ))}
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={showApi[id] ?? false}
                      onChange={(event) =>
                        setShowApi((current) => ({ ...current, [id]: event.target.checked }))
                      }
                    />
                  }
                  label="Show API"
                />
                {showApi[id] && <ApiExamples flowId={flowId} target={target} several={several} />}
                {errors[id] && (
                  <Alert severity="error" onClose={() => setErrors(({ [id]: _dropped, ...rest }) => rest)}>
                    {errors[id]}
                  </Alert>
                )}
                {busy === id && <LinearProgress aria-label={`Upserting ${target.store.label}`} />}
                {canUpsert && (
                  <Button
                    variant="contained"
                    fullWidth
                    disabled={busy !== null}
                    onClick={() => void upsert(id)}
                    startIcon={busy === id ? <CircularProgress size={16} color="inherit" /> : undefined}
                  >
                    {busy === id ? 'Upserting…' : 'Upsert'}
                  </Button>
                )}
              </AccordionDetails>
            </Accordion>
          );
        })}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy !== null}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
