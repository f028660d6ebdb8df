import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import PublicIcon from '@mui/icons-material/Public';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { useEffect, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/useApiQuery';
import { readStored, writeStored } from '../../app/localStore';
import { useAccess } from '../../app/useAccess';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { formatRelativeTime } from '../../components/formatRelativeTime';
import { errorMessage } from '../../api/errorMessage';
import { useNotify } from '../notifications/useNotify';
import { ExecutionDetails } from './ExecutionDetails';
import type { Execution } from './executionTypes';
import { executionsApi } from './executionsApi';
import { ShareDialog } from './ShareDialog';
import { STATUS_LABELS, StatusIcon } from './StatusIcon';
import { useResume } from './useResume';

const WIDTH_KEY = 'executionDrawerWidth';
const MIN_WIDTH = 520;
const DEFAULT_WIDTH = 960;

function clampWidth(width: number): number {
  const max = Math.max(MIN_WIDTH, window.innerWidth - 48);
  return Math.min(max, Math.max(MIN_WIDTH, Math.round(width)));
}

/** Drag handle on the drawer's left edge; the width is remembered. */
function useResizableWidth() {
  const [width, setWidth] = useState(() => readStored<number>(WIDTH_KEY) ?? DEFAULT_WIDTH);
  const startDrag = (event: ReactPointerEvent) => {
    event.preventDefault();
    const move = (e: PointerEvent) => setWidth(clampWidth(window.innerWidth - e.clientX));
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      writeStored(WIDTH_KEY, clampWidth(window.innerWidth - e.clientX));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const nudge = (delta: number) =>
    setWidth((w) => {
      const next = clampWidth(w + delta);
      writeStored(WIDTH_KEY, next);
      return next;
    });
  return { width, startDrag, nudge };
}

export interface ExecutionDrawerProps {
  executionId: string | null;
  onClose: () => void;
  /** Called after a change the list shows (share, resume). */
  onChanged: () => void;
}

/** The detail of one execution in a resizable right drawer that can expand to the full page. */
export function ExecutionDrawer({ executionId, onClose, onChanged }: ExecutionDrawerProps) {
  const [expanded, setExpanded] = useState(false);
  const { width, startDrag, nudge } = useResizableWidth();
  const open = executionId !== null;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, which sits over ordinary drawers to stay reachable beside the side menu.
      sx={(theme) => ({ zIndex: theme.zIndex.modal })}
      slotProps={{
        paper: {
          'aria-label': 'Execution details',
          sx: {
            width: expanded ? '100vw' : { xs: '100vw', md: `min(${width}px, calc(100vw - 48px))` },
            overflow: 'hidden',
            display: 'flex',
            flexDirection: 'column',
            backgroundImage: 'none',
          },
        },
      }}
    >
      {!expanded && (
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-label="Resize the details panel"
          tabIndex={0}
          onPointerDown={startDrag}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft') nudge(40);
            if (e.key === 'ArrowRight') nudge(-40);
          }}
          sx={(theme) => ({
            position: 'absolute',
            left: 0,
            top: 0,
            bottom: 0,
            width: 6,
            cursor: 'col-resize',
            zIndex: 2,
            display: { xs: 'none', md: 'block' },
            '&:hover, &:focus-visible': {
              bgcolor: theme.palette.primary.main,
              opacity: 0.5,
              outline: 'none',
            },
          })}
        />
      )}
      {executionId && (
        <DrawerBody
          key={executionId}
          executionId={executionId}
          expanded={expanded}
          onExpand={() => setExpanded((e) => !e)}
          onClose={onClose}
          onChanged={onChanged}
        />
      )}
    </Drawer>
  );
}

function DrawerBody({
  executionId,
  expanded,
  onExpand,
  onClose,
  onChanged,
}: {
  executionId: string;
  expanded: boolean;
  onExpand: () => void;
  onClose: () => void;
  onChanged: () => void;
}) {
  const notify = useNotify();
  const access = useAccess();
  const query = useApiQuery(() => executionsApi.get(executionId), [executionId]);
  const execution = query.data;
  const [shareOpen, setShareOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const reload = async () => {
    await query.reload();
    onChanged();
  };
  const decide = useResume(execution, false, reload);

  useEffect(() => {
    if (query.error) notify.error(query.error, { prefix: 'Failed to load the execution: ' });
  }, [query.error, notify]);

  const toggleShare = async (execution: Execution, isPublic: boolean) => {
    setSharing(true);
    try {
      query.setData(await executionsApi.setPublic(execution.id, isPublic));
      notify.success(isPublic ? 'Execution shared publicly' : 'Execution is no longer shared');
      if (isPublic) setShareOpen(true);
      onChanged();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to update sharing: ' });
    } finally {
      setSharing(false);
    }
  };

  const canUpdate = access.can('executions:update');

  return (
    <>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1,
          px: 2,
          py: 1.25,
          pl: 2.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {execution ? (
          <>
            <StatusIcon status={execution.state} size={22} />
            <Tooltip title="Open the flow on its canvas" describeChild>
              <Chip
                component={RouterLink}
                to={`/v2/agentcanvas/${encodeURIComponent(execution.agentflowId)}`}
                clickable
                color="primary"
                variant="outlined"
                icon={<AccountTreeOutlinedIcon />}
                label={execution.agentflow?.name ?? 'Agentflow'}
                sx={{ fontWeight: 600, maxWidth: 280 }}
              />
            </Tooltip>
            <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                title={execution.id}
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', maxWidth: 140 }}
              >
                {execution.id}
              </Typography>
              <CopyButton text={execution.id} label="Copy ID" />
            </Box>
            {canUpdate && (
              <FormControlLabel
                sx={{ ml: 0.5, mr: 0 }}
                control={
                  <Switch
                    size="small"
                    checked={execution.isPublic}
                    disabled={sharing}
                    onChange={(e) => void toggleShare(execution, e.target.checked)}
                  />
                }
                label={<Typography variant="body2">Share</Typography>}
              />
            )}
            {execution.isPublic && (
              <Chip
                size="small"
                color="success"
                icon={<PublicIcon />}
                label="Public"
                onClick={() => setShareOpen(true)}
                aria-label="Public: show the link"
              />
            )}
            <Box sx={{ flex: 1 }} />
            <Tooltip
              title={`${STATUS_LABELS[execution.state] ?? execution.state} · updated ${formatDate(execution.updatedDate)}`}
            >
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                Updated {formatRelativeTime(execution.updatedDate)}
              </Typography>
            </Tooltip>
          </>
        ) : (
          <>
            <Skeleton variant="rounded" width={180} height={32} />
            <Box sx={{ flex: 1 }} />
          </>
        )}
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh" onClick={() => void query.reload()} disabled={query.loading}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={expanded ? 'Exit full page' : 'Expand to full page'}>
          <IconButton aria-label={expanded ? 'Exit full page' : 'Expand to full page'} onClick={onExpand}>
            {expanded ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Close">
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ height: 4 }}>{query.loading && execution && <LinearProgress aria-label="Refreshing" />}</Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {execution ? (
          <ExecutionDetails execution={execution} onDecide={decide} />
        ) : query.error ? (
          <EmptyState
            icon={<ReportProblemOutlinedIcon />}
            title="Could not load this execution"
            description={errorMessage(query.error)}
          />
        ) : (
          <Box sx={{ p: 3, display: 'flex', gap: 3 }} aria-busy="true" aria-label="Loading">
            <Box sx={{ width: 260 }}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} variant="text" height={32} sx={{ ml: i * 2 }} />
              ))}
            </Box>
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="40%" height={40} />
              <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
              <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
            </Box>
          </Box>
        )}
      </Box>
      {execution && (
        <ShareDialog executionId={execution.id} open={shareOpen} onClose={() => setShareOpen(false)} />
      )}
    </>
  );
}
