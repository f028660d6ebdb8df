import TextField from '@mui/material/TextField';
import type { Assistant } from '@flowloom/shared';
import { useState } from 'react';
import { FormDialog, useSave } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { assistantsApi } from './assistantsApi';

/** "Add New Custom Assistant": a name; the builder opens on the created assistant. */
export function AddAssistantDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (assistant: Assistant) => void;
}) {
  const [name, setName] = useState('');
  const { setErrors, bind } = useFieldErrors();
  const { busy, save } = useSave<Assistant>('Custom assistant', false, onCreated);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) setErrors({ name: 'Name is required' });
    else if (trimmed.length > 255) setErrors({ name: 'Name must be at most 255 characters' });
    else save(() => assistantsApi.create(trimmed));
  };

  return (
    <FormDialog
      title="Add New Custom Assistant"
      submitLabel="Add"
      busy={busy}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" required autoFocus fullWidth {...bind('name', name, setName)} />
    </FormDialog>
  );
}
