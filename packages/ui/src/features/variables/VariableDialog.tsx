import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { createVariableBody, type Variable, type VariableType } from '@flowloom/shared';
import { useState } from 'react';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSave } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
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
  const [name, setName] = useState(variable?.name ?? '');
  const [value, setValue] = useState(variable?.value ?? '');
  const [type, setType] = useState<VariableType>(variable?.type ?? 'static');
  const { setErrors, bind } = useFieldErrors();
  const { busy, save } = useSave('Variable', variable !== undefined, onSaved);

  const submit = () => {
    const parsed = createVariableBody.safeParse({ name, value, type });
    setErrors(parsed.success ? {} : fieldErrors(parsed));
    if (parsed.success)
      save(() =>
        variable ? variablesApi.update(variable.id, parsed.data) : variablesApi.create(parsed.data),
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
