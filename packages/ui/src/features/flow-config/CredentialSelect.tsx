import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Credential } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { canvasApi } from '../canvas/canvasApi';

/** A credential of one type from the workspace (by name), for a provider's settings. */
export function CredentialSelect({
  credentialName,
  value,
  onChange,
  label = 'Connect Credential',
}: {
  credentialName: string;
  value: string;
  onChange: (id: string) => void;
  label?: string;
}) {
  const [credentials, setCredentials] = useState<Credential[] | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setCredentials(null);
    canvasApi.credentialsOf(credentialName).then(
      (list) => !cancelled && setCredentials(list),
      () => !cancelled && setError(true),
    );
    return () => {
      cancelled = true;
    };
  }, [credentialName]);
  const known = credentials?.some((c) => c.id === value) ?? false;
  return (
    <TextField
      select
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={
        error
          ? 'The credentials could not be loaded.'
          : credentials?.length === 0
            ? `No ${credentialName} credential yet: add one on the Credentials page.`
            : undefined
      }
    >
      {(credentials ?? []).map((credential) => (
        <MenuItem key={credential.id} value={credential.id}>
          {credential.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
