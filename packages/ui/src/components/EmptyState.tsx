import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Taller padding for whole-page states. */
  size?: 'medium' | 'large';
  /** Less space below (when more content follows in the same card). */
  tightBottom?: boolean;
  /** `h1` when the state is the whole page (status and coming-soon pages). */
  headingComponent?: 'h1' | 'h2';
}

/** A friendly "nothing here yet" block with an icon, a sentence and an optional action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  size = 'medium',
  tightBottom = false,
  headingComponent = 'h2',
}: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: size === 'large' ? { xs: 5, md: 7 } : 6,
        px: 2,
        ...(tightBottom ? { pb: 2 } : {}),
      }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: size === 'large' ? 88 : 72,
          height: size === 'large' ? 88 : 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          background:
            theme.palette.mode === 'dark'
              ? 'radial-gradient(circle at 30% 30%, rgba(124,124,240,0.28), rgba(20,184,166,0.12))'
              : 'radial-gradient(circle at 30% 30%, rgba(91,91,214,0.16), rgba(20,184,166,0.08))',
          '& svg': { fontSize: size === 'large' ? 44 : 36 },
        })}
      >
        {icon}
      </Box>
      <Typography variant={size === 'large' ? 'h3' : 'h4'} component={headingComponent}>
        {title}
      </Typography>
      {description !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 520, textWrap: 'balance' }}>
          {description}
        </Typography>
      )}
      {action !== undefined && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
