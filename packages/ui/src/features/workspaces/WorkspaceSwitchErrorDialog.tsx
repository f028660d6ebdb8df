import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAppSelector } from '../../app/useAppSelector';
import { useLogout } from '../auth/useLogout';

/** SPEC §8 Workspace Switch Error dialog. */
export function WorkspaceSwitchErrorDialog({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  const platform = useAppSelector((s) => s.settings.platform);
  const logout = useLogout();
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="ws-error-title"
    >
      <DialogTitle id="ws-error-title">Workspace Switch Error</DialogTitle>
      <DialogContent>
        <DialogContentText>{message || 'Failed to switch workspace'}</DialogContentText>
        {platform === 'enterprise' && (
          <DialogContentText sx={{ mt: 1 }}>
            Please contact your administrator for assistance.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Close
        </Button>
        <Button variant="contained" onClick={() => void logout()}>
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
}
