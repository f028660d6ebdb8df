import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { DarkModeSwitch } from './main/header/DarkModeSwitch';
import { useAppSelector } from '../useAppSelector';

/** Centered layout of the sign-in, first-run and status screens. */
export function AuthLayout() {
  const isDarkMode = useAppSelector((s) => s.customization.isDarkMode);
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background:
          theme.palette.mode === 'dark'
            ? 'radial-gradient(1200px 600px at 10% -10%, rgba(124,124,240,0.18), transparent), radial-gradient(900px 500px at 110% 110%, rgba(20,184,166,0.12), transparent), #0E1016'
            : 'radial-gradient(1200px 600px at 10% -10%, rgba(91,91,214,0.12), transparent), radial-gradient(900px 500px at 110% 110%, rgba(20,184,166,0.10), transparent), #F5F6FA',
      })}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, md: 4 },
          py: 2,
        }}
      >
        <Box component={RouterLink} to="/chatflows" aria-label="Flowloom home" sx={{ display: 'flex' }}>
          <Logo dark={isDarkMode} />
        </Box>
        <DarkModeSwitch />
      </Box>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}>
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', pb: 2 }}>
        Flowloom — build, run and manage LLM flows
      </Typography>
    </Box>
  );
}
