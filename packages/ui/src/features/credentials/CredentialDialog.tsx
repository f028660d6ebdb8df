import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { CredentialDefinition, Credential } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { FormDialog, useSave } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { credentialPayload, initialCredentialValues, validateCredential } from './credentialForm';
import { CredentialInput } from './CredentialInput';
import { credentialsApi, type CredentialValues } from './credentialsApi';

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
  const editing = credentialId !== undefined;
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

  const submit = () => {
    const found = validateCredential(name, type.inputs, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const plainDataObj = credentialPayload(type.inputs, values);
    save(() =>
      credentialId !== undefined
        ? credentialsApi.update(credentialId, { name: name.trim(), plainDataObj })
        : credentialsApi.create({ name: name.trim(), credentialName: type.name, plainDataObj }),
    );
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
            ...type.inputs.map((input) => (
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
          ]}
    </FormDialog>
  );
}
