import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { forgotPasswordBody } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { fieldErrors } from '../../../components/forms/fieldErrors';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';

/** Asks for a password reset link; shows the server's answer. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordBody.safeParse({ user: { email } });
    if (!parsed.success) {
      setError(fieldErrors(parsed, 'user').email ?? 'Enter a valid email address');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const data = await authApi.forgotPassword(parsed.data.user.email);
      setResult({ ok: true, message: data?.message ?? 'Check your e-mail for a reset link.' });
    } catch (e) {
      setResult({ ok: false, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            size="medium"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Sending…' : 'Send reset link'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
