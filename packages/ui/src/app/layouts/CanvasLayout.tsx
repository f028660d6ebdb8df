import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** Full-screen layout of the canvases (no side menu). */
export function CanvasLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<LinearProgress aria-label="Loading canvas" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
