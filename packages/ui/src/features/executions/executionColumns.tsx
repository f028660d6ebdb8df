import Typography from '@mui/material/Typography';
import { formatDate } from '../../components/formatDate';
import type { ResourceColumn } from '../../components/ResourceList';
import type { Execution } from './executionTypes';
import { StatusIcon } from './StatusIcon';

const time = (date: string) => new Date(date).getTime() || 0;

/** The columns of the executions list; each sorts the page the server sent. */
export const EXECUTION_COLUMNS: ResourceColumn<Execution>[] = [
  {
    header: 'Status',
    cell: (execution) => <StatusIcon status={execution.state} />,
    sortValue: (execution) => execution.state,
    sx: { width: 84 },
  },
  {
    header: 'Last Updated',
    cell: (execution) => formatDate(execution.updatedDate),
    sortValue: (execution) => time(execution.updatedDate),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    header: 'Agentflow',
    cell: (execution) => (
      <Typography
        variant="body2"
        fontWeight={600}
        color={execution.agentflow ? 'text.primary' : 'text.secondary'}
      >
        {execution.agentflow?.name ?? 'Deleted agentflow'}
      </Typography>
    ),
    sortValue: (execution) => (execution.agentflow?.name ?? '').toLowerCase(),
  },
  {
    header: 'Session',
    cell: (execution) => execution.sessionId,
    sortValue: (execution) => execution.sessionId,
    sx: {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
      fontSize: '0.8rem',
      maxWidth: 260,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  },
  {
    header: 'Created',
    cell: (execution) => formatDate(execution.createdDate),
    sortValue: (execution) => time(execution.createdDate),
    sx: { whiteSpace: 'nowrap' },
  },
];
