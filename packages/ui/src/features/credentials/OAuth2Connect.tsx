import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OAUTH2_CALLBACK_PATH } from '@flowloom/shared';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { CopyButton } from '../../components/CopyButton';
import { credentialsApi } from './credentialsApi';
import { POPUP_FEATURES, watchOAuth2Popup, type OAuth2Result } from './oauth2Popup';

/**
 * The sign-in part of an OAuth2 credential's form: the redirect URL to register with the provider,
 * whether the credential holds tokens, and "Authenticate", which saves the form, opens the
 * provider's sign-in in a popup and shows how it went.
 */
export function OAuth2Connect({
  connected,
  save,
  onConnected,
}: {
  /** Whether the stored credential holds tokens already. */
  connected: boolean;
  /** Saves the form (creating the credential when new); its id, or undefined when the form has errors. */
  save: () => Promise<string | undefined>;
  onConnected: (credentialId: string) => void;
}) {
  const [waiting, setWaiting] = useState(false);
  const [result, setResult] = useState<OAuth2Result | null>(null);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);
  const redirectUrl = `${window.location.origin}${OAUTH2_CALLBACK_PATH}`;

  const authenticate = () => {
    // Opened at once, in the click: a window opened after awaiting the server is a blocked pop-up.
    const popup = window.open('', 'flowloom-oauth2', POPUP_FEATURES);
    if (!popup) {
      setResult({
        ok: false,
        message:
          'The browser blocked the sign-in window: allow pop-ups for this site and press Authenticate again.',
      });
      return;
    }
    setWaiting(true);
    setResult(null);
    void (async () => {
      try {
        const id = await save();
        if (!id) {
          popup.close();
          setWaiting(false);
          return;
        }
        const { authorizationUrl } = await credentialsApi.authorize(id);
        popup.location.href = authorizationUrl;
        stopWatching.current = watchOAuth2Popup({
          popup,
          isConnected: async () => 'access_token' in ((await credentialsApi.get(id)).plainDataObj ?? {}),
          onResult: (outcome) => {
            setWaiting(false);
            setResult(outcome);
            if (outcome.ok) onConnected(id);
          },
        });
      } catch (error) {
        popup.close();
        setWaiting(false);
        setResult({ ok: false, message: errorMessage(error) });
      }
    })();
  };

  return (
    <Stack spacing={1.5}>
      <TextField
        label="OAuth Redirect URL"
        value={redirectUrl}
        helperText="Register this address with the provider's app as its redirect URI."
        fullWidth
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton text={redirectUrl} label="Copy redirect URL" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button variant="contained" color="secondary" onClick={authenticate} disabled={waiting}>
          {waiting ? 'Waiting for sign-in…' : 'Authenticate'}
        </Button>
        <Typography variant="body2" color={connected ? 'success.main' : 'text.secondary'}>
          {connected ? 'Connected' : 'Not connected yet'}
        </Typography>
      </Box>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.ok ? result.message : `Sign-in failed: ${result.message}`}
        </Alert>
      )}
    </Stack>
  );
}
