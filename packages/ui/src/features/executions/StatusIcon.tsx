import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import type { ExecutionState, ItemStatus } from './executionTypes';

export type AnyStatus = ExecutionState | ItemStatus;

/** Readable name of a state, for labels and the filter. */
export const STATUS_LABELS: Record<AnyStatus, string> = {
  INPROGRESS: 'In progress',
  FINISHED: 'Finished',
  ERROR: 'Error',
  TERMINATED: 'Terminated',
  TIMEOUT: 'Timeout',
  STOPPED: 'Stopped',
  UNKNOWN: 'Unknown',
};

/** Palette colour of a state. */
export function statusColor(theme: Theme, status: AnyStatus): string {
  switch (status) {
    case 'FINISHED':
      return theme.palette.success.main;
    case 'ERROR':
      return theme.palette.error.main;
    case 'TERMINATED':
    case 'TIMEOUT':
      return theme.palette.warning.main;
    case 'STOPPED':
      return theme.palette.info.main;
    case 'INPROGRESS':
      return theme.palette.primary.main;
    case 'UNKNOWN':
      return theme.palette.text.disabled;
  }
}

function Glyph({ status, size }: { status: AnyStatus; size: number }) {
  const sx = { fontSize: size, display: 'block' };
  switch (status) {
    case 'FINISHED':
      return <CheckCircleIcon sx={sx} />;
    case 'ERROR':
      return <ErrorIcon sx={sx} />;
    case 'TERMINATED':
      return <BlockIcon sx={sx} />;
    case 'TIMEOUT':
      return <TimerOffIcon sx={sx} />;
    case 'STOPPED':
      return <PauseCircleIcon sx={sx} />;
    case 'INPROGRESS':
      return <CircularProgress size={size - 4} thickness={5} color="inherit" sx={{ m: '2px' }} />;
    case 'UNKNOWN':
      return <HelpOutlineIcon sx={sx} />;
  }
}

/** An icon coloured by state, named for screen readers and with a tooltip. */
export function StatusIcon({ status, size = 20 }: { status: AnyStatus; size?: number }) {
  const label = STATUS_LABELS[status] ?? status;
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={(theme) => ({
          display: 'inline-flex',
          verticalAlign: 'middle',
          color: statusColor(theme, status),
          flexShrink: 0,
        })}
      >
        <Glyph status={status} size={size} />
      </Box>
    </Tooltip>
  );
}
