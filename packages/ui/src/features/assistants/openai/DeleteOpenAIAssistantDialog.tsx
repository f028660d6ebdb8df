import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { useSubmit } from '../../../components/forms/FormDialog';
import { useNotify } from '../../notifications/useNotify';
import { openAIAssistantsApi } from './openAIAssistantsApi';

/**
 * Deleting an OpenAI assistant: only here (it stays in the OpenAI account, and can be loaded again),
 * or here and at OpenAI.
 */
export function DeleteOpenAIAssistantDialog({
  name,
  assistantId,
  onClose,
  onDeleted,
}: {
  name: string;
  assistantId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const { busy, run } = useSubmit();
  const [error, setError] = useState('');
  const remove = (alsoAtOpenAI: boolean) =>
    run(
      async () => {
        await openAIAssistantsApi.remove(assistantId, alsoAtOpenAI);
        notify.success('Assistant deleted');
        onDeleted();
      },
      (e) => setError(errorMessage(e, 'Could not delete the assistant')),
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete Assistant</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Delete {name} only from Flowloom (it stays in the OpenAI account and can be loaded again), or from
          OpenAI too? Flows that use it stop working either way.
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="outlined" onClick={() => void remove(false)} disabled={busy}>
          Only Flowloom
        </Button>
        <Button color="error" variant="contained" onClick={() => void remove(true)} disabled={busy}>
          OpenAI and Flowloom
        </Button>
      </DialogActions>
    </Dialog>
  );
}
