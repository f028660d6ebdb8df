import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@flowloom/shared';
import { CopyButton } from '../../components/CopyButton';

/** Shows a new key's secret, once. */
export function ApiKeySecretDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="apikey-secret-title">
      <DialogTitle id="apikey-secret-title">API key "{apiKey.keyName}" created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this key now. For your security it will not be shown again.
        </Alert>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'action.hover',
            px: 1.5,
            py: 1,
          }}
        >
          <Typography
            data-testid="apikey-secret"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              wordBreak: 'break-all',
              flex: 1,
            }}
          >
            {apiKey.apiKey}
          </Typography>
          <CopyButton text={apiKey.apiKey} label="Copy API key" />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
