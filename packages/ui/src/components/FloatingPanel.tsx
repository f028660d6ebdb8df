import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import type { ReactNode } from 'react';

/** The frame of a panel floating over the canvas (chat, node editor): rounded, bordered, a column. */
export const floatingPanelSx = {
  display: 'flex',
  flexDirection: 'column',
  borderRadius: '14px',
  border: 1,
  borderColor: 'divider',
  overflow: 'hidden',
} as const;

/** The title row of a floating panel: its content, then the close button; `accent` colours its top. */
export function PanelHeader({
  children,
  accent,
  closeLabel,
  onClose,
}: {
  children: ReactNode;
  accent?: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        ...(accent && { borderTop: `4px solid ${accent}` }),
      }}
    >
      {children}
      <IconButton size="small" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
