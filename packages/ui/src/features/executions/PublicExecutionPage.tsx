import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errorMessage';
import { useApiQuery } from '../../api/useApiQuery';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { Logo } from '../../components/Logo';
import { MainCard } from '../../components/MainCard';
import { ExecutionDetails } from './ExecutionDetails';
import { executionsApi } from './executionsApi';
import { STATUS_LABELS, StatusIcon } from './StatusIcon';
import { useResume } from './useResume';

/** `/execution/:id`: a shared execution, read-only apart from answering a paused node. */
export default function PublicExecutionPage() {
  const { id = '' } = useParams();
  const theme = useTheme();
  const query = useApiQuery(() => executionsApi.getPublic(id), [id]);
  const execution = query.data;
  const decide = useResume(execution, true, query.reload);

  if (!execution && query.error) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <MainCard maxWidth="small" sx={{ mt: { xs: 2, md: 6 } }}>
        <EmptyState
          headingComponent="h1"
          size="large"
          icon={missing ? <LinkOffIcon /> : <ReportProblemOutlinedIcon />}
          title={missing ? 'This execution is not shared or does not exist' : 'Could not load this execution'}
          description={
            missing
              ? 'The link may be mistyped, or its owner stopped sharing it. Ask them for a new link.'
              : errorMessage(query.error)
          }
        />
      </MainCard>
    );
  }

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Logo dark={theme.palette.mode === 'dark'} width={120} />
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {execution && (
          <>
            <StatusIcon status={execution.state} size={22} />
            <Typography variant="h4" component="h1">
              {execution.agentflow?.name ?? 'Agent execution'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {STATUS_LABELS[execution.state] ?? execution.state} · updated{' '}
              {formatDate(execution.updatedDate)}
            </Typography>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh" onClick={() => void query.reload()} disabled={query.loading}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Card
        sx={{
          overflow: 'hidden',
          height: { md: 'calc(100vh - 150px)' },
          minHeight: 420,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Box sx={{ height: 4 }}>
          {query.loading && execution && <LinearProgress aria-label="Refreshing" />}
        </Box>
        <Box sx={{ flex: 1, minHeight: 0 }}>
          {execution ? (
            <ExecutionDetails execution={execution} onDecide={decide} />
          ) : (
            <Box sx={{ p: 3 }} aria-busy="true" aria-label="Loading">
              <Skeleton variant="text" width="30%" height={40} />
              <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
            </Box>
          )}
        </Box>
      </Card>
    </Box>
  );
}
