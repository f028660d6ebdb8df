import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate, useParams } from 'react-router';
import ComingSoonPage from '../coming-soon/ComingSoonPage';

/** Canvases whose editors arrive in a later release. */
export const PLACEHOLDER_CANVASES = {
  agentflow: { back: '/agentflows', area: 'sequentialAgents', label: 'Agentflow' },
} as const;

export type PlaceholderCanvas = keyof typeof PLACEHOLDER_CANVASES;

/** Canvases that arrive in a later release (sequential agents). */
export function CanvasPlaceholder({ kind }: { kind: PlaceholderCanvas }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const { back, area, label } = PLACEHOLDER_CANVASES[kind];
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <Tooltip title="Back">
            <IconButton aria-label="Back" onClick={() => void navigate(back)}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
            {id ? `${label} ${id}` : `Untitled ${label.toLowerCase()}`}
          </Typography>
          <Button variant="contained" disabled>
            Save
          </Button>
        </Toolbar>
      </AppBar>
      <Box
        sx={(theme) => ({
          flex: 1,
          p: 3,
          backgroundImage: `radial-gradient(${theme.palette.divider} 1px, transparent 1px)`,
          backgroundSize: '20px 20px',
        })}
      >
        <ComingSoonPage area={area} />
      </Box>
    </Box>
  );
}
