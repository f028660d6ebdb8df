import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAppDispatch } from '../../app/useAppDispatch';
import { useAppSelector } from '../../app/useAppSelector';
import { settleConfirmation } from './confirmPromise';
import { hideConfirm } from './confirmSlice';

/** The app's one confirm dialog, driven by the confirm slice (see {@link useConfirm}). */
export function ConfirmDialog() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.confirm);

  const answer = (confirmed: boolean) => {
    settleConfirmation(confirmed);
    dispatch(hideConfirm());
  };

  return (
    <Dialog
      open={state.show}
      onClose={() => answer(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-description"
    >
      <DialogTitle id="confirm-dialog-title">{state.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-description" sx={{ whiteSpace: 'pre-line' }}>
          {state.description}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => answer(false)} color="inherit">
          {state.cancelButtonName}
        </Button>
        <Button
          id={state.customBtnId || undefined}
          variant="contained"
          onClick={() => answer(true)}
          autoFocus
        >
          {state.confirmButtonName}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
