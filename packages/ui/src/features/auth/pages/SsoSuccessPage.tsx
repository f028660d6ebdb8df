import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { authApi } from '../authApi';
import { AuthCard } from '../AuthCard';
import { loginSuccess } from '../authSlice';

/**
 * Landing page after a single sign-on: the identity provider callback has set the session cookies,
 * so a token refresh returns the signed-in user.
 */
export default function SsoSuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    authApi.refresh().then(
      (data) => {
        if (!active) return;
        dispatch(loginSuccess({ ...data, isSSO: true }));
        void navigate('/chatflows', { replace: true });
      },
      (error: unknown) => active && setFailure(errorMessage(error)),
    );
    return () => {
      active = false;
    };
  }, [dispatch, navigate]);

  return (
    <AuthCard title="Signing you in" subtitle="Completing single sign-on…">
      {failure ? (
        <Stack spacing={2}>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <Stack alignItems="center" sx={{ py: 2 }}>
          <CircularProgress aria-label="Signing in" />
        </Stack>
      )}
    </AuthCard>
  );
}
