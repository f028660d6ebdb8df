import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { Credential, CredentialDefinition } from '@flowloom/shared';
import { memo, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { credentialsApi } from '../../credentials/credentialsApi';
import { NewCredential } from '../../credentials/NewCredential';
import { credentialsOf } from './credentialCache';
import { textOf, type ParamEditorProps } from './paramEditorProps';

/** `credential` inputs: one of the user's credentials of the node's credential types. */
export const CredentialParamInput = memo(function CredentialParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const names = param.credentialNames ?? [];
  const namesKey = names.join(',');
  const [credentials, setCredentials] = useState<Credential[] | null>(null);
  const [error, setError] = useState('');
  /** The credential types offered by "Create new" while its form is open. */
  const [creating, setCreating] = useState<CredentialDefinition[] | null>(null);

  const load = useCallback(
    (fresh: boolean) => {
      setError('');
      credentialsOf(namesKey ? namesKey.split(',') : [], fresh).then(setCredentials, (e: unknown) => {
        setError(errorMessage(e, 'Could not load credentials'));
        setCredentials([]);
      });
    },
    [namesKey],
  );

  useEffect(() => load(false), [load]);

  const startCreating = () => {
    setError('');
    credentialsApi.types().then(
      (types) => {
        const fitting = types.filter((type) => names.includes(type.name));
        if (fitting.length === 0) setError(`No credential type ${names.join(' / ')} is known to the server`);
        else setCreating(fitting);
      },
      (e: unknown) => setError(errorMessage(e, 'Could not load credential types')),
    );
  };

  const current = textOf(value);
  const list = credentials ?? [];
  const missing = current !== '' && credentials !== null && !list.some((item) => item.id === current);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Select<string>
          fullWidth
          size="small"
          displayEmpty
          value={list.some((item) => item.id === current) ? current : ''}
          onOpen={() => load(true)}
          onChange={(event) => onChange(event.target.value)}
          inputProps={{ 'aria-label': label }}
          renderValue={(id) =>
            id ? (
              (list.find((item) => item.id === id)?.name ?? id)
            ) : (
              <Typography component="span" variant="body2" color="text.disabled">
                {credentials === null
                  ? 'Loading…'
                  : list.length === 0
                    ? 'No credential yet'
                    : 'Choose a credential'}
              </Typography>
            )
          }
          sx={{ fontSize: 13 }}
        >
          {list.map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.name}
            </MenuItem>
          ))}
          {list.length === 0 && (
            <MenuItem disabled value="">
              No {names.join(' / ')} credential yet
            </MenuItem>
          )}
        </Select>
        <Tooltip title="Refresh credentials">
          <IconButton size="small" aria-label="Refresh credentials" onClick={() => load(true)}>
            <RefreshIcon sx={{ fontSize: 18 }} />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        <Button
          size="small"
          onClick={startCreating}
          startIcon={<AddIcon sx={{ fontSize: 15 }} />}
          sx={{ fontSize: 12.5, fontWeight: 600, px: 0.5, minWidth: 0, textTransform: 'none' }}
        >
          Create new
        </Button>
        {missing && (
          <Typography variant="caption" color="warning.main">
            The chosen credential no longer exists
          </Typography>
        )}
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
      {creating && (
        <NewCredential
          types={creating}
          onCancel={() => setCreating(null)}
          onCreated={(credential) => {
            setCreating(null);
            // The list gets the new one, and the node uses it.
            load(true);
            onChange(credential.id);
          }}
        />
      )}
    </Box>
  );
});
