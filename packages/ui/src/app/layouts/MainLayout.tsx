import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT } from '../theme';
import { Header } from './main/header/Header';
import { Sidebar } from './main/Sidebar';

/** Signed-in layout: header, side menu, page. */
export function MainLayout() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header />
      <Sidebar />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          mt: `${HEADER_HEIGHT}px`,
          p: { xs: 2, md: 3.5 },
          bgcolor: 'background.default',
        }}
      >
        <Suspense fallback={<LinearProgress aria-label="Loading page" sx={{ borderRadius: 1 }} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
