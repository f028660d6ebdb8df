import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createVariableBody, type Variable, type VariableType } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { variablesApi } from './variablesApi';
import { formPaper } from '../../components/forms/formPaper';

/** Create or edit a variable: name, value, type (static or runtime). */
export function VariableDialog({
  variable,
  onClose,
  onSaved,
}: {
  variable?: Variable;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [form, setForm] = useState({
    name: variable?.name ?? '',
    value: variable?.value ?? '',
    type: variable?.type ?? 'static',
  });
  const { errors, setErrors, edited } = useFieldErrors();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createVariableBody.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (variable) await variablesApi.update(variable.id, parsed.data);
      else await variablesApi.create(parsed.data);
      notify.success(variable ? 'Variable saved' : 'Variable added');
      onSaved();
    } catch (error) {
      notify.error(error, { prefix: `Failed to ${variable ? 'save' : 'add'} variable: ` });
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
      aria-labelledby="variable-dialog-title"
      slotProps={formPaper((e) => void submit(e))}
    >
      <DialogTitle id="variable-dialog-title">{variable ? 'Edit Variable' : 'Add Variable'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Variable Name *"
            autoFocus
            value={form.name}
            onChange={(e) => {
              setForm((f) => ({ ...f, name: e.target.value }));
              edited('name');
            }}
            error={Boolean(errors.name)}
            helperText={errors.name ?? `Use it in flows as {{$vars.${form.name.trim() || 'name'}}}`}
            fullWidth
          />
          <TextField
            select
            label="Type"
            value={form.type}
            onChange={(e) => {
              setForm((f) => ({ ...f, type: e.target.value as VariableType }));
              edited('type');
            }}
            error={Boolean(errors.type)}
            helperText={errors.type}
            fullWidth
          >
            <MenuItem value="static">Static</MenuItem>
            <MenuItem value="runtime">Runtime</MenuItem>
          </TextField>
          {form.type === 'runtime' && (
            <Alert severity="info">
              A runtime variable reads the server environment variable of the same name when a flow runs. The
              server&apos;s operator chooses which names may be read (FLOWLOOM_RUNTIME_VARIABLES); its own
              settings and secrets never are. The value here is used when that environment variable is not
              set.
            </Alert>
          )}
          <TextField
            label="Value"
            value={form.value}
            onChange={(e) => {
              setForm((f) => ({ ...f, value: e.target.value }));
              edited('value');
            }}
            error={Boolean(errors.value)}
            helperText={errors.value}
            multiline
            minRows={2}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {variable ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
