import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_RULES_MESSAGE, updateUserBody } from '@flowloom/shared';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { MainCard } from '../../../components/MainCard';
import { PageContainer } from '../../../components/PageContainer';
import { PageHeader } from '../../../components/PageHeader';
import { PasswordField } from '../../../components/forms/PasswordField';
import { fieldErrors } from '../../../components/forms/fieldErrors';
import { useNotify } from '../../notifications/useNotify';
import { authApi } from '../authApi';
import { userProfileUpdated } from '../authSlice';

/** Update your name and e-mail, or change your password (PUT /user). */
export default function UserProfilePage() {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const user = useAppSelector((s) => s.auth.user);
  const [profile, setProfile] = useState({ name: user?.name ?? '', email: user?.email ?? '' });
  const [profileErrors, setProfileErrors] = useState<Record<string, string>>({});
  const [passwords, setPasswords] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [passwordErrors, setPasswordErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateUserBody.safeParse({ id: user?.id, name: profile.name, email: profile.email });
    if (!parsed.success) {
      setProfileErrors(fieldErrors(parsed));
      return;
    }
    setProfileErrors({});
    setBusy('profile');
    try {
      const saved = await authApi.updateUser(parsed.data);
      dispatch(
        userProfileUpdated({
          name: saved?.name ?? parsed.data.name,
          email: saved?.email ?? parsed.data.email,
        }),
      );
      notify.success('Profile updated');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to update profile: ' });
    } finally {
      setBusy(null);
    }
  };

  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!passwords.oldPassword) next.oldPassword = 'Enter your current password';
    if (!passwords.newPassword) next.newPassword = 'Enter a new password';
    const parsed = updateUserBody.safeParse({ id: user?.id, ...passwords });
    const all = { ...(parsed.success ? {} : fieldErrors(parsed)), ...next };
    setPasswordErrors(all);
    if (!parsed.success || Object.keys(all).length > 0) return;
    setBusy('password');
    try {
      await authApi.updateUser(parsed.data);
      setPasswords({ oldPassword: '', newPassword: '', confirmPassword: '' });
      notify.success('Password changed');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to change password: ' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageContainer>
      <PageHeader title="Update Profile" description="Your name, e-mail address and password." />
      <Stack spacing={3}>
        <MainCard title="Profile" maxWidth="small" sx={{ mx: 0 }}>
          <Box component="form" noValidate onSubmit={(e) => void saveProfile(e)}>
            <Stack spacing={2}>
              <TextField
                label="Name"
                value={profile.name}
                onChange={(e) => setProfile((p) => ({ ...p, name: e.target.value }))}
                error={Boolean(profileErrors.name)}
                helperText={profileErrors.name}
                fullWidth
              />
              <TextField
                label="Email"
                type="email"
                value={profile.email}
                onChange={(e) => setProfile((p) => ({ ...p, email: e.target.value }))}
                error={Boolean(profileErrors.email)}
                helperText={profileErrors.email}
                fullWidth
              />
              <Box>
                <Button type="submit" variant="contained" disabled={busy !== null}>
                  Save profile
                </Button>
              </Box>
            </Stack>
          </Box>
        </MainCard>
        <MainCard title="Change password" maxWidth="small" sx={{ mx: 0 }}>
          <Box component="form" noValidate onSubmit={(e) => void savePassword(e)}>
            <Stack spacing={2}>
              <PasswordField
                label="Current Password"
                autoComplete="current-password"
                value={passwords.oldPassword}
                onChange={(e) => setPasswords((p) => ({ ...p, oldPassword: e.target.value }))}
                error={Boolean(passwordErrors.oldPassword)}
                helperText={passwordErrors.oldPassword}
                fullWidth
              />
              <PasswordField
                label="New Password"
                autoComplete="new-password"
                value={passwords.newPassword}
                onChange={(e) => setPasswords((p) => ({ ...p, newPassword: e.target.value }))}
                error={Boolean(passwordErrors.newPassword)}
                helperText={passwordErrors.newPassword ?? PASSWORD_RULES_MESSAGE}
                fullWidth
              />
              <PasswordField
                label="Confirm Password"
                autoComplete="new-password"
                value={passwords.confirmPassword}
                onChange={(e) => setPasswords((p) => ({ ...p, confirmPassword: e.target.value }))}
                error={Boolean(passwordErrors.confirmPassword)}
                helperText={passwordErrors.confirmPassword}
                fullWidth
              />
              <Box>
                <Button type="submit" variant="contained" disabled={busy !== null}>
                  Change password
                </Button>
              </Box>
            </Stack>
          </Box>
        </MainCard>
      </Stack>
    </PageContainer>
  );
}
