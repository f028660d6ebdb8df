import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_RULES_MESSAGE, resetPasswordBody } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { PasswordField } from '../../../components/forms/PasswordField';
import { fieldErrors } from '../../../components/forms/fieldErrors';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';

/** Sets a new password with the token of a reset link (`?token=&email=`). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordBody.safeParse({ user: { email, tempToken: token, password } });
    const next = parsed.success ? {} : fieldErrors(parsed, 'user');
    if (confirm !== password) next.confirmPassword = 'The passwords do not match';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const data = await authApi.resetPassword(parsed.data.user);
      setResult({ ok: true, message: data?.message ?? 'Your password has been reset.' });
    } catch (e) {
      setResult({ ok: false, message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset password"
      subtitle="Choose a new password for your account."
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      {!token ? (
        <Alert severity="warning">
          This page needs the link from the password reset e-mail.{' '}
          <Link component={RouterLink} to="/forgot-password">
            Ask for a new link
          </Link>
          .
        </Alert>
      ) : result?.ok ? (
        <Stack spacing={2}>
          <Alert severity="success">{result.message}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Sign in
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <Stack spacing={2}>
            {result && <Alert severity="error">{result.message}</Alert>}
            {errors.tempToken && <Alert severity="error">{errors.tempToken}</Alert>}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              fullWidth
              size="medium"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              fullWidth
              size="medium"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? PASSWORD_RULES_MESSAGE}
            />
            <PasswordField
              label="Confirm Password"
              autoComplete="new-password"
              fullWidth
              size="medium"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={Boolean(errors.confirmPassword)}
              helperText={errors.confirmPassword}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
              {busy ? 'Saving…' : 'Set new password'}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
