import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import type { ReactNode } from 'react';

/** One part of the assistant builder: a titled card (a region named by its title), with a hint. */
export function BuilderSection({
  title,
  required = false,
  hint,
  action,
  children,
}: {
  title: string;
  required?: boolean;
  hint?: string;
  /** A button beside the title (e.g. Generate). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5, minHeight: 32 }}>
        <Typography variant="h5" component="h2">
          {title}
          {required && (
            <Box component="span" sx={{ color: 'error.main' }} aria-hidden>
              &nbsp;*
            </Box>
          )}
        </Typography>
        {hint && (
          <Tooltip title={hint}>
            <HelpOutlineIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-label={hint} />
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        {action}
      </Box>
      {children}
    </Card>
  );
}
