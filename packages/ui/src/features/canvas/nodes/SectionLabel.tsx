import Box from '@mui/material/Box';

/** The "Inputs" / "Output" band across a node card. */
export function SectionLabel({ children }: { children: string }) {
  return (
    <Box
      sx={(theme) => ({
        px: 2,
        py: 0.5,
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.04)' : 'rgba(17,24,39,0.035)',
        borderTop: 1,
        borderBottom: 1,
        borderColor: 'divider',
        typography: 'caption',
        fontWeight: 600,
        letterSpacing: '0.06em',
        textTransform: 'uppercase',
        color: 'text.secondary',
        textAlign: 'center',
      })}
    >
      {children}
    </Box>
  );
}
