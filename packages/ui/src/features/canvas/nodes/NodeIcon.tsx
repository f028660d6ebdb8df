import Box from '@mui/material/Box';
import { memo, useState } from 'react';
import { nodeIconUrl } from '../canvasApi';

/** A node type's icon from the server, with the label's initials if it cannot be loaded. */
export const NodeIcon = memo(function NodeIcon({
  name,
  label,
  size = 36,
}: {
  name: string;
  label: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const initials = label
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Box
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.92)' : '#fff',
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        fontSize: size * 0.36,
        fontWeight: 700,
        color: '#374151',
      })}
    >
      {failed ? (
        initials
      ) : (
        <Box
          component="img"
          src={nodeIconUrl(name)}
          alt=""
          loading="lazy"
          draggable={false}
          onError={() => setFailed(true)}
          sx={{ width: '78%', height: '78%', objectFit: 'contain' }}
        />
      )}
    </Box>
  );
});
