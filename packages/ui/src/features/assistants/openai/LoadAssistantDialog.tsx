import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { CredentialField } from '../../../components/forms/CredentialField';
import { FormDialog, useSubmit } from '../../../components/forms/FormDialog';
import { ASSISTANT_CREDENTIALS } from './OpenAIAssistantDialog';
import { openAIAssistantsApi } from './openAIAssistantsApi';
import type { RemoteAssistant } from './openAIDraft';

/**
 * Load: an assistant already in the OpenAI account of a credential, read with its files and vector
 * store, to add here (the assistant dialog opens with it).
 */
export function LoadAssistantDialog({
  onClose,
  onLoaded,
}: {
  onClose: () => void;
  onLoaded: (assistant: RemoteAssistant, credential: string) => void;
}) {
  const { busy, run } = useSubmit();
  const [credential, setCredential] = useState('');
  const [assistants, setAssistants] = useState<RemoteAssistant[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!credential) return;
    let cancelled = false;
    setAssistants(null);
    setChosen('');
    setError('');
    openAIAssistantsApi.listRemote(credential).then(
      (list) => !cancelled && setAssistants(list),
      (e: unknown) => !cancelled && setError(errorMessage(e, 'Could not list the assistants')),
    );
    return () => {
      cancelled = true;
    };
  }, [credential]);

  const load = () =>
    run(
      async () => {
        onLoaded(await openAIAssistantsApi.getRemote(chosen, credential), credential);
      },
      (e) => setError(errorMessage(e, 'Could not read the assistant')),
    );

  return (
    <FormDialog
      title="Load Existing Assistant"
      submitLabel="Load"
      busy={busy}
      submitDisabled={!chosen}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={() => void load()}
    >
      <CredentialField
        label="OpenAI Credential"
        credentialNames={ASSISTANT_CREDENTIALS}
        value={credential}
        onChange={setCredential}
      />
      {credential && (
        <TextField
          select
          required
          label="Assistant"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          helperText={
            assistants === null && !error
              ? 'Loading the assistants…'
              : assistants?.length === 0
                ? 'This account has no assistants yet'
                : undefined
          }
        >
          {(assistants ?? []).map((assistant) => (
            <MenuItem key={assistant.id} value={assistant.id}>
              {assistant.name || assistant.id}
            </MenuItem>
          ))}
        </TextField>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
