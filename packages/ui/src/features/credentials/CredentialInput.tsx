import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { REDACTED_SECRET, type NodeParam } from '@flowloom/shared';
import { useState } from 'react';
import { PasswordField } from '../../components/forms/PasswordField';

/** One field of a credential form, rendered by its parameter type. */
export function CredentialInput({
  input,
  value,
  error,
  onChange,
}: {
  input: NodeParam;
  value: string | number | boolean | null | undefined;
  error?: string;
  onChange: (value: string | number | boolean) => void;
}) {
  const label = input.optional ? input.label : `${input.label} *`;
  const help = error ?? input.description;
  const text = value === null || value === undefined ? '' : String(value);

  switch (input.type) {
    case 'boolean':
      return (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={value === true || value === 'true'}
                onChange={(e) => onChange(e.target.checked)}
              />
            }
            label={input.label}
          />
          {help && <FormHelperText error={Boolean(error)}>{help}</FormHelperText>}
        </Box>
      );
    case 'password':
      return (
        <SecretInput label={label} text={text} input={input} error={error} help={help} onChange={onChange} />
      );
    case 'options':
      return (
        <TextField
          select
          label={label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={help}
          fullWidth
        >
          {(input.options ?? []).map((option) => (
            <MenuItem key={option.name} value={option.name}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'json':
    case 'code':
      return (
        <TextField
          label={label}
          value={text}
          placeholder={input.placeholder}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={help}
          multiline
          minRows={input.rows ?? 4}
          fullWidth
          slotProps={{
            htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } },
          }}
        />
      );
    case 'number':
      return (
        <TextField
          label={label}
          type="number"
          value={text}
          placeholder={input.placeholder}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={help}
          fullWidth
        />
      );
    default:
      return (
        <TextField
          label={label}
          value={text}
          placeholder={input.placeholder}
          onChange={(e) => onChange(e.target.value)}
          error={Boolean(error)}
          helperText={help}
          multiline={Boolean(input.rows)}
          minRows={input.rows}
          fullWidth
        />
      );
  }
}

/**
 * A secret field. A saved secret comes back from the server as a placeholder token: the field
 * shows it as empty with "Saved", so revealing it shows nothing, and sends the token back (the
 * server then keeps the secret) unless something new is typed.
 */
function SecretInput({
  label,
  text,
  input,
  error,
  help,
  onChange,
}: {
  label: string;
  text: string;
  input: NodeParam;
  error?: string;
  help?: string;
  onChange: (value: string) => void;
}) {
  const [saved] = useState(text === REDACTED_SECRET);
  return (
    <PasswordField
      label={label}
      value={text === REDACTED_SECRET ? '' : text}
      placeholder={saved ? 'Saved — type to replace' : input.placeholder}
      onChange={(e) => onChange(e.target.value === '' && saved ? REDACTED_SECRET : e.target.value)}
      error={Boolean(error)}
      helperText={help}
      autoComplete="new-password"
      fullWidth
      slotProps={{ inputLabel: { shrink: saved || text !== '' ? true : undefined } }}
    />
  );
}
