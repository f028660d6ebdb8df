import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Credential, CredentialDefinition } from '@flowloom/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { credentialPayload, initialCredentialValues, validateCredential } from './credentialForm';
import { CredentialInput } from './CredentialInput';
import { credentialsApi, type CredentialValues } from './credentialsApi';
import { formPaper } from '../../components/forms/formPaper';

/**
 * Create or edit a credential of one type. On edit, secret fields hold the server's redacted
 * placeholder; sending it back unchanged keeps the stored secret.
 */
export function CredentialDialog({
  type,
  credentialId,
  onClose,
  onSaved,
}: {
  type: CredentialDefinition;
  credentialId?: string;
  onClose: () => void;
  /** After a save, with the credential as the server answered it (a new one's id included). */
  onSaved: (credential: Credential) => void;
}) {
  const notify = useNotify();
  const editing = credentialId !== undefined;
  const [name, setName] = useState('');
  const [values, setValues] = useState<CredentialValues>(() => initialCredentialValues(type.inputs));
  const { errors, setErrors, edited } = useFieldErrors();
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (credentialId === undefined) return;
    let active = true;
    credentialsApi.get(credentialId).then(
      (credential) => {
        if (!active) return;
        setName(credential.name);
        setValues(initialCredentialValues(type.inputs, credential.plainDataObj));
        setLoading(false);
      },
      (error: unknown) => {
        if (!active) return;
        setLoadError(errorMessage(error));
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [credentialId, type.inputs]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCredential(name, type.inputs, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const plainDataObj = credentialPayload(type.inputs, values);
      let saved: Credential;
      if (credentialId !== undefined) {
        saved = await credentialsApi.update(credentialId, { name: name.trim(), plainDataObj });
        notify.success('Credential saved');
      } else {
        saved = await credentialsApi.create({ name: name.trim(), credentialName: type.name, plainDataObj });
        notify.success('Credential added');
      }
      onSaved(saved);
    } catch (error) {
      notify.error(error, { prefix: `Failed to ${editing ? 'save' : 'add'} credential: ` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="credential-dialog-title"
      slotProps={formPaper((e) => void submit(e))}
    >
      <DialogTitle id="credential-dialog-title">
        {editing ? 'Edit' : 'Add'} {type.label} credential
      </DialogTitle>
      <DialogContent>
        {type.description && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {type.description}
          </Alert>
        )}
        {loadError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {loadError}
          </Alert>
        )}
        {loading ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Credential Name *"
              autoFocus={!editing}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                edited('name');
              }}
              error={Boolean(errors.name)}
              helperText={errors.name}
              fullWidth
            />
            {type.inputs.map((input) => (
              <CredentialInput
                key={input.name}
                input={input}
                value={values[input.name]}
                {...(errors[input.name] ? { error: errors[input.name] } : {})}
                onChange={(value) => {
                  setValues((v) => ({ ...v, [input.name]: value }));
                  edited(input.name);
                }}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || loading || loadError !== null}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
