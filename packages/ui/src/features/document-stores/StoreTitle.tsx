import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ReactNode } from 'react';

/** The title row of a store's pages: back, title and description, edit and refresh, then actions. */
export function StoreTitle({
  title,
  description,
  onBack,
  onEdit,
  onRefresh,
  actions,
}: {
  title: string;
  description?: string;
  onBack: () => void;
  onEdit?: () => void;
  onRefresh?: () => void;
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flex: '1 1 320px', minWidth: 0 }}>
        <Tooltip title="Back">
          <IconButton aria-label="Back" onClick={onBack} sx={{ mt: 0.25 }}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="h2" component="h1" sx={{ wordBreak: 'break-word' }}>
              {title}
            </Typography>
            {onEdit && (
              <Tooltip title="Edit">
                <IconButton size="small" aria-label="Edit Document Store" onClick={onEdit}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {onRefresh && (
              <Tooltip title="Refresh">
                <IconButton size="small" aria-label="Refresh" onClick={onRefresh}>
                  <RefreshIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {description}
            </Typography>
          )}
        </Box>
      </Box>
      {actions && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>{actions}</Box>
      )}
    </Box>
  );
}
