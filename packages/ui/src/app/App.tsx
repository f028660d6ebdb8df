import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { RouterProvider } from 'react-router';
import { useBootstrap } from './useBootstrap';
import type { createAppRouter } from './router';

/** Waits for the start-up reads, then renders the routes. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const ready = useBootstrap();
  if (!ready) {
    return (
      <Box sx={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Starting Flowloom" />
      </Box>
    );
  }
  return <RouterProvider router={router} />;
}
