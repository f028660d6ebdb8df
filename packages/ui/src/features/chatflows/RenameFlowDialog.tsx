import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';

/** Asks for a new flow name. */
export function RenameFlowDialog({
  initialName,
  noun,
  onCancel,
  onSave,
}: {
  initialName: string;
  noun: string;
  onCancel: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const { setErrors, bind } = useFieldErrors();
  const { busy, run } = useSubmit();

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) setErrors({ name: 'Name is required' });
    else if (trimmed.length > 255) setErrors({ name: 'Name must be at most 255 characters' });
    else void run(() => onSave(trimmed));
  };

  return (
    <FormDialog
      title={`Rename ${noun}`}
      submitLabel="Rename"
      busy={busy}
      maxWidth="xs"
      onClose={onCancel}
      onSubmit={submit}
    >
      <TextField label="Name" autoFocus fullWidth {...bind('name', name, setName)} />
    </FormDialog>
  );
}
