import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_RULES_MESSAGE, registerBody } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { redirectResolved } from '../../../app/settingsSlice';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { PasswordField } from '../../../components/forms/PasswordField';
import { fieldErrors } from '../../../components/forms/fieldErrors';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';
import { loginSuccess } from '../authSlice';

const COPY = {
  setup: {
    title: 'Set up Flowloom',
    subtitle: 'Create the owner account. It gets an organization and a default workspace, and full access.',
    button: 'Create account and continue',
  },
  register: {
    title: 'Create an account',
    subtitle: 'Enter your name, e-mail and a password to create your account.',
    button: 'Create account',
  },
} as const;

/** First-run owner account (`/organization-setup`) and account creation (`/register`). */
export default function RegisterPage({ mode }: { mode: 'setup' | 'register' }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resolved = useAppSelector((s) => s.settings.resolvedRedirect);
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const copy = COPY[mode];

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = registerBody.safeParse({
      user: { name: form.name, email: form.email, credential: form.password },
    });
    const next: Record<string, string> = parsed.success ? {} : fieldErrors(parsed, 'user');
    if (next.credential) next.password = next.credential;
    if (!form.confirmPassword) next.confirmPassword = 'Confirm the password';
    else if (form.confirmPassword !== form.password) next.confirmPassword = 'The passwords do not match';
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    setFailure(null);
    setBusy(true);
    try {
      await authApi.register(parsed.data.user);
      dispatch(redirectResolved('/login'));
      const data = await authApi.login({ email: parsed.data.user.email, password: form.password });
      dispatch(loginSuccess(data));
      await navigate('/chatflows', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  // The form registers only the first account (the owner): once one exists, say so before anyone types.
  if (isAuthenticated && !busy) return <Navigate to="/chatflows" replace />;
  if (resolved !== null && resolved !== '/organization-setup' && !busy) {
    return (
      <AuthCard title={copy.title}>
        <Stack spacing={2}>
          <Alert severity="info">
            This Flowloom already has its owner account. Sign in, or ask the owner to invite you.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
        // On first run there is no account to sign in with (unless the server says one exists).
        mode === 'register' || failure ? (
          <>
            Already have an account?{' '}
            <Link component={RouterLink} to="/login">
              Sign in
            </Link>
          </>
        ) : undefined
      }
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label="Name"
            autoComplete="name"
            autoFocus
            fullWidth
            size="medium"
            value={form.name}
            onChange={set('name')}
            error={Boolean(errors.name)}
            helperText={errors.name}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
            size="medium"
            value={form.email}
            onChange={set('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fullWidth
            size="medium"
            value={form.password}
            onChange={set('password')}
            error={Boolean(errors.password)}
            helperText={errors.password ?? PASSWORD_RULES_MESSAGE}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            fullWidth
            size="medium"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Creating account…' : copy.button}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
