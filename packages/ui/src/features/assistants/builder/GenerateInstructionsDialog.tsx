import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AssistantComponent } from '@flowloom/shared';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/forms/FormDialog';
import { useFieldErrors } from '../../../components/forms/useFieldErrors';
import { useNotify } from '../../notifications/useNotify';
import { assistantsApi } from '../assistantsApi';

/** "Generate Instructions": the builder describes the task; the chosen chat model writes the instructions. */
export function GenerateInstructionsDialog({
  chatModel,
  onClose,
  onGenerated,
}: {
  chatModel: AssistantComponent;
  onClose: () => void;
  onGenerated: (instructions: string) => void;
}) {
  const [task, setTask] = useState('');
  const { setErrors, bind } = useFieldErrors();
  const { busy, run } = useSubmit();
  const notify = useNotify();

  const submit = () => {
    if (!task.trim()) {
      setErrors({ task: 'Describe the task first' });
      return;
    }
    void run(
      async () => {
        const { content } = await assistantsApi.generateInstruction({ task, selectedChatModel: chatModel });
        onGenerated(content);
        notify.success('Instructions generated');
      },
      (error) => notify.error(error, { prefix: 'Failed to generate instructions: ' }),
    );
  };

  return (
    <FormDialog
      title="Generate Instructions"
      submitLabel={busy ? 'Generating…' : 'Generate'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography variant="body2" color="text.secondary">
        Say what the assistant is for: who it helps, with what, and how it should answer. The chosen chat
        model writes instructions from it, which replace the current ones.
      </Typography>
      <TextField
        label="Task"
        autoFocus
        fullWidth
        multiline
        minRows={4}
        placeholder="e.g. Answer questions from our customers about orders, deliveries and returns, politely and briefly."
        {...bind('task', task, setTask)}
      />
    </FormDialog>
  );
}
