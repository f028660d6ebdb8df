import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Centers a page's content at the full card width (1280 px). */
export function PageContainer({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 1280, mx: 'auto', width: '100%' }}>{children}</Box>;
}
