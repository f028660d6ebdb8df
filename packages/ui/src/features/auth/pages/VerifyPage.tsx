import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';

/** E-mail verification link target (`?token=`). */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    authApi.verify(token).then(
      (data) =>
        active && setResult({ ok: true, message: data?.message ?? 'Your e-mail address is verified.' }),
      (error: unknown) => active && setResult({ ok: false, message: errorMessage(error) }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  return (
    <AuthCard title="Verify your e-mail" subtitle="Confirming the address of your account.">
      <Stack spacing={2} alignItems="stretch">
        {!token ? (
          <Alert severity="warning">Open this page from the link in your verification e-mail.</Alert>
        ) : result === null ? (
          <Stack alignItems="center" sx={{ py: 2 }}>
            <CircularProgress aria-label="Verifying" />
          </Stack>
        ) : (
          <Alert severity={result.ok ? 'success' : 'error'}>{result.message}</Alert>
        )}
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          Go to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
