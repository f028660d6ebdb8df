import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../../components/forms/FormDialog';
import { useFieldErrors } from '../../../components/forms/useFieldErrors';

/** Asks for the name of a flow saved for the first time. */
export function SaveFlowDialog({
  initialName,
  onCancel,
  onSave,
  noun = 'Chatflow',
}: {
  initialName: string;
  /** What is saved, capitalised (`Chatflow`, `Agentflow`). */
  noun?: string;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const { setErrors, bind } = useFieldErrors();
  const submit = () => {
    if (name.trim()) onSave(name.trim());
    else setErrors({ name: `Give the ${noun.toLowerCase()} a name` });
  };
  return (
    <FormDialog
      title={`Save New ${noun}`}
      submitLabel="Save"
      busy={false}
      maxWidth="xs"
      onClose={onCancel}
      onSubmit={submit}
    >
      <TextField
        autoFocus
        fullWidth
        label={`${noun} name`}
        {...bind('name', name, setName, ' ')}
        onFocus={(event) => event.target.select()}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
    </FormDialog>
  );
}
