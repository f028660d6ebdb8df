import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { loginBody } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { PasswordField } from '../../../components/forms/PasswordField';
import { fieldErrors } from '../../../components/forms/fieldErrors';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';
import { loginSuccess } from '../authSlice';

/** Sign-in with e-mail and password. */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const resolved = useAppSelector((s) => s.settings.resolvedRedirect);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (resolved === '/organization-setup' && !isAuthenticated)
    return <Navigate to="/organization-setup" replace />;
  // Already signed in: sign-in has nothing to offer, the app does.
  if (isAuthenticated && !busy) return <Navigate to="/chatflows" replace />;

  const from = (location.state as { from?: string } | null)?.from;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const data = await authApi.login(parsed.data);
      dispatch(loginSuccess(data));
      await navigate(from && from !== '/login' ? from : '/chatflows', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to build and run your flows.">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            size="medium"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            size="medium"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
