import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** Public pages (shared chatbot, shared execution): no sign-in, no app chrome. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
