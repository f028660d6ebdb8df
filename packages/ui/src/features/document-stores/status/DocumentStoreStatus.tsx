import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { statusLook } from './statusColors';

/** A store's status: a pill with a dot and the status text, or the dot alone (tables). */
export function DocumentStoreStatus({ status, dotOnly = false }: { status: string; dotOnly?: boolean }) {
  const { color, outlined } = statusLook(status);
  const dot = (
    <Box
      component="span"
      aria-hidden={!dotOnly}
      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color, flexShrink: 0 }}
    />
  );
  if (dotOnly)
    return (
      <Box
        component="span"
        role="img"
        aria-label={`Status ${status}`}
        title={status}
        sx={{ display: 'inline-flex', p: 0.5 }}
      >
        {dot}
      </Box>
    );
  return (
    <Box
      component="span"
      data-status={status}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1,
        py: 0.25,
        borderRadius: 99,
        fontSize: 12,
        fontWeight: 600,
        letterSpacing: 0.3,
        color,
        border: 1,
        borderColor: outlined ? color : 'transparent',
        bgcolor: outlined ? 'transparent' : alpha(color, 0.12),
      }}
    >
      {dot}
      {status}
    </Box>
  );
}
