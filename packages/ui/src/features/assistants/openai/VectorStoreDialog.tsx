import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatBytes } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { FormDialog, useSubmit } from '../../../components/forms/FormDialog';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import { openAIAssistantsApi } from './openAIAssistantsApi';
import { storeLabel, type OpenAIFile, type VectorStore } from './openAIDraft';

const CREATE = '-create-';

/**
 * The vector store an assistant's file search uses: an existing store of the account or a new one,
 * its name and expiry (days after it was last used). Editing offers Delete, which deletes the store
 * at OpenAI.
 */
export function VectorStoreDialog({
  credential,
  store,
  onClose,
  onChosen,
  onDeleted,
}: {
  credential: string;
  /** The assistant's store, when editing it. */
  store: VectorStore | null;
  onClose: () => void;
  /** The store to use, with its files when OpenAI listed them. */
  onChosen: (store: VectorStore, files?: OpenAIFile[]) => void;
  onDeleted: (storeId: string) => void;
}) {
  const notify = useNotify();
  const confirm = useConfirm();
  const { busy, run } = useSubmit();
  const [stores, setStores] = useState<VectorStore[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [chosen, setChosen] = useState(store?.id ?? CREATE);
  const [name, setName] = useState(store?.name ?? '');
  const [expires, setExpires] = useState(Boolean(store?.expires_after));
  const [days, setDays] = useState(String(store?.expires_after?.days ?? 7));
  const [error, setError] = useState('');

  useEffect(() => {
    let cancelled = false;
    openAIAssistantsApi.vectorStores.list(credential).then(
      (list) => !cancelled && setStores(list),
      (e: unknown) => !cancelled && setLoadError(errorMessage(e, 'Could not list the vector stores')),
    );
    return () => {
      cancelled = true;
    };
  }, [credential]);

  const pick = (id: string) => {
    setChosen(id);
    setError('');
    const picked = stores?.find((item) => item.id === id);
    setName(picked?.name ?? '');
    setExpires(Boolean(picked?.expires_after));
    setDays(String(picked?.expires_after?.days ?? 7));
  };

  const body = () => {
    const count = Number(days);
    if (expires && !(Number.isInteger(count) && count >= 1 && count <= 365))
      throw new Error('Expiration days are 1 to 365');
    return {
      name: name.trim() || null,
      expires_after: expires ? { anchor: 'last_active_at' as const, days: count } : null,
    };
  };

  const submit = () =>
    run(
      async () => {
        setError('');
        const settings = body();
        if (chosen === CREATE) {
          const created = await openAIAssistantsApi.vectorStores.create(credential, settings);
          notify.success('New vector store added');
          onChosen(created, []);
          return;
        }
        const { files, ...saved } = await openAIAssistantsApi.vectorStores.update(
          chosen,
          credential,
          settings,
        );
        notify.success('Vector store saved');
        onChosen(saved, files ?? []);
      },
      (e) => setError(errorMessage(e, 'Could not save the vector store')),
    );

  /** Deletes the store being edited (never another one picked in the list), after a confirmation. */
  const remove = async () => {
    if (!store) return;
    const confirmed = await confirm({
      title: 'Delete Vector Store',
      description: `Delete ${storeLabel(store)} at OpenAI, with its files' index? Assistants using it lose their file search.`,
      confirmButtonName: 'Delete',
    });
    if (!confirmed) return;
    await run(
      async () => {
        await openAIAssistantsApi.vectorStores.remove(store.id, credential);
        notify.success('Vector store deleted');
        onDeleted(store.id);
      },
      (e) => setError(errorMessage(e, 'Could not delete the vector store')),
    );
  };

  const options = stores ?? (store ? [store] : []);
  return (
    <FormDialog
      title={store ? `Edit ${storeLabel(store)}` : 'Add Vector Store'}
      submitLabel={store ? 'Save' : 'Add'}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
      secondaryAction={
        store && (
          <Button color="error" onClick={() => void remove()} disabled={busy || chosen !== store.id}>
            Delete
          </Button>
        )
      }
    >
      {loadError && <Alert severity="error">{loadError}</Alert>}
      <TextField select label="Vector Store" value={chosen} onChange={(e) => pick(e.target.value)} required>
        <MenuItem value={CREATE}>Create a new vector store</MenuItem>
        {options.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {storeLabel(item)}
            {item.file_counts?.total !== undefined &&
              ` (${item.file_counts.total} files, ${formatBytes(item.usage_bytes ?? 0)})`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Vector Store Name"
        placeholder="My Vector Store"
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 256 } }}
      />
      <FormControlLabel
        control={<Switch checked={expires} onChange={(e) => setExpires(e.target.checked)} />}
        label="Expire when unused"
      />
      {expires && (
        <TextField
          label="Expiration Days"
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          helperText="Days after the store was last used; OpenAI then deletes it"
          slotProps={{ htmlInput: { min: 1, max: 365 } }}
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
