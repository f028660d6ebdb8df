import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CREDENTIAL_ID_KEY, type ComponentSettings, type DocumentStore } from '@flowloom/shared';
import { useId } from 'react';
import { useApiQuery } from '../../../api/useApiQuery';
import { ComponentSettingsCard } from '../../../components/upsert/ComponentSettingsCard';
import { documentStoresApi } from '../documentStoresApi';
import { canDeleteVectors } from '../storeVectors';

const isSet = ([key, value]: [string, unknown]) =>
  key !== 'credential' && key !== CREDENTIAL_ID_KEY && value !== '' && value !== null && value !== undefined;

/** A saved component (vector store, record manager) and the settings it was given, labelled as its form labels them. */
function SavedComponent({ settings }: { settings: ComponentSettings }) {
  const definition = useApiQuery(() => documentStoresApi.node(settings.name), [settings.name]);
  const labelOf = (name: string) =>
    definition.data?.inputs.find((input) => input.name === name)?.label ?? name;
  const params = Object.entries(settings.config ?? {})
    .filter(isSet)
    .map(([name, value]) => ({ name, label: labelOf(name), value }));
  return (
    <ComponentSettingsCard
      component={{ name: settings.name, label: definition.data?.label ?? settings.name }}
      params={params}
    />
  );
}

/**
 * Confirms deleting a store or one of its loaders (DOCUMENT_STORES.md §4.8): what goes, the
 * vector store and record manager settings involved, and a warning when vectors will stay behind.
 */
export function DeleteStoreDialog({
  store,
  usedBy = [],
  description,
  busy,
  onCancel,
  onDelete,
}: {
  store: DocumentStore;
  /** Names of the flows that read the store, when the whole store goes (they stop answering). */
  usedBy?: readonly string[];
  description: string;
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const parts = [store.vectorStoreConfig, store.recordManagerConfig].filter(
    (part): part is ComponentSettings => !!part?.name,
  );
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{description}</DialogContentText>
        {usedBy.length > 0 && (
          <Alert severity="warning">
            {usedBy.length === 1 ? 'A flow reads' : `${usedBy.length} flows read`} this document store:{' '}
            {usedBy.join(', ')}. {usedBy.length === 1 ? 'It' : 'They'} will fail to answer until another store
            is picked in {usedBy.length === 1 ? 'it' : 'them'}.
          </Alert>
        )}
        {store.vectorStoreConfig?.name && !canDeleteVectors(store) && (
          <Alert severity="warning">
            Without a Record Manager configured, only the document chunks will be removed from the document
            store; the vector embeddings stay in your vector database. Configure a Record Manager to clean up
            vector store data automatically.
          </Alert>
        )}
        {parts.length > 0 && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="h4" component="h3">
              Configuration
            </Typography>
            {parts.map((part) => (
              <SavedComponent key={part.name} settings={part} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
