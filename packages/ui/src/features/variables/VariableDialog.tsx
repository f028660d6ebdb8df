import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { createVariableBody, type Variable, type VariableType } from '@flowloom/shared';
import { useState } from 'react';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useNotify } from '../notifications/useNotify';
import { variablesApi } from './variablesApi';

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
  const [name, setName] = useState(variable?.name ?? '');
  const [value, setValue] = useState(variable?.value ?? '');
  const [type, setType] = useState<VariableType>(variable?.type ?? 'static');
  const { setErrors, bind } = useFieldErrors();
  const { busy, run } = useSubmit();

  const submit = () => {
    const parsed = createVariableBody.safeParse({ name, value, type });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setErrors({});
    void run(
      async () => {
        if (variable) await variablesApi.update(variable.id, parsed.data);
        else await variablesApi.create(parsed.data);
        notify.success(variable ? 'Variable saved' : 'Variable added');
        onSaved();
      },
      (error) => notify.error(error, { prefix: `Failed to ${variable ? 'save' : 'add'} variable: ` }),
    );
  };

  return (
    <FormDialog
      title={variable ? 'Edit Variable' : 'Add Variable'}
      submitLabel={variable ? 'Save' : 'Add'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label="Variable Name *"
        autoFocus
        {...bind('name', name, setName, `Use it in flows as {{$vars.${name.trim() || 'name'}}}`)}
        fullWidth
      />
      <TextField
        select
        label="Type"
        {...bind('type', type, (next) => setType(next as VariableType))}
        fullWidth
      >
        <MenuItem value="static">Static</MenuItem>
        <MenuItem value="runtime">Runtime</MenuItem>
      </TextField>
      {type === 'runtime' && (
        <Alert severity="info">
          A runtime variable reads the server environment variable of the same name when a flow runs. The
          server&apos;s operator chooses which names may be read (FLOWLOOM_RUNTIME_VARIABLES); its own
          settings and secrets never are. The value here is used when that environment variable is not set.
        </Alert>
      )}
      <TextField label="Value" {...bind('value', value, setValue)} multiline minRows={2} fullWidth />
    </FormDialog>
  );
}
