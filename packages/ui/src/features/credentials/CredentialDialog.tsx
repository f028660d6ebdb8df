import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { CredentialDefinition, Credential } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { FormDialog, useSave } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { credentialPayload, initialCredentialValues, validateCredential } from './credentialForm';
import { CredentialInput } from './CredentialInput';
import { credentialsApi, type CredentialValues } from './credentialsApi';
import { OAuth2Connect } from './OAuth2Connect';

/**
 * Create or edit a credential of one type. On edit, secret fields hold the server's redacted
 * placeholder; sending it back unchanged keeps the stored secret. An OAuth2 type also signs in
 * ("Authenticate"): the form is saved first, and a successful sign-in ends the dialog as a save does.
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
  const editing = credentialId !== undefined;
  /** The stored credential: the one edited, or the one Authenticate saved from a new form. */
  const [savedId, setSavedId] = useState(credentialId);
  const [connected, setConnected] = useState(false);
  const notify = useNotify();
  const [name, setName] = useState('');
  const [values, setValues] = useState<CredentialValues>(() => initialCredentialValues(type.inputs));
  const { errors, setErrors, edited, bind } = useFieldErrors();
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { busy, save } = useSave('Credential', editing, onSaved);

  useEffect(() => {
    if (credentialId === undefined) return;
    let active = true;
    credentialsApi.get(credentialId).then(
      (credential) => {
        if (!active) return;
        setName(credential.name);
        setValues(initialCredentialValues(type.inputs, credential.plainDataObj));
        setConnected('access_token' in (credential.plainDataObj ?? {}));
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

  /** The form written to the server (a new credential is created); undefined when it has errors. */
  const write = (): (() => Promise<Credential>) | undefined => {
    const found = validateCredential(name, type.inputs, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    const plainDataObj = credentialPayload(type.inputs, values);
    return () =>
      savedId !== undefined
        ? credentialsApi.update(savedId, { name: name.trim(), plainDataObj })
        : credentialsApi.create({ name: name.trim(), credentialName: type.name, plainDataObj });
  };

  const submit = () => {
    const writing = write();
    if (writing) save(writing);
  };

  const saveForSignIn = async (): Promise<string | undefined> => {
    const writing = write();
    if (!writing) return undefined;
    const saved = await writing();
    setSavedId(saved.id);
    return saved.id;
  };

  const signedIn = (id: string) => {
    setConnected(true);
    notify.success('Credential connected');
    credentialsApi.get(id).then(onSaved, (error: unknown) => notify.error(error));
  };

  return (
    <FormDialog
      title={`${editing ? 'Edit' : 'Add'} ${type.label} credential`}
      submitLabel={editing ? 'Save' : 'Add'}
      busy={busy}
      submitDisabled={loading || loadError !== null}
      onClose={onClose}
      onSubmit={submit}
    >
      {type.description && <Alert severity="info">{type.description}</Alert>}
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {loading
        ? [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={40} />)
        : [
            <TextField
              key="name"
              label="Credential Name *"
              autoFocus={!editing}
              {...bind('name', name, setName)}
              fullWidth
            />,
            ...type.inputs
              .filter((input) => !input.hidden)
              .map((input) => (
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
              )),
            ...(type.oauth2
              ? [
                  <OAuth2Connect
                    key="oauth2"
                    connected={connected}
                    save={saveForSignIn}
                    onConnected={signedIn}
                  />,
                ]
              : []),
          ]}
    </FormDialog>
  );
}
