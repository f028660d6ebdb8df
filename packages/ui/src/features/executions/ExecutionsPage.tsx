import Button from '@mui/material/Button';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { useCallback, useEffect, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { writeStored } from '../../app/localStore';
import { useAccess } from '../../app/useAccess';
import { ExecutionDrawer } from './ExecutionDrawer';
import { EMPTY_FILTERS, executionsQuery, type ExecutionFilters } from './executionFilters';
import { ExecutionFiltersBar } from './ExecutionFiltersBar';
import { executionsApi } from './executionsApi';
import { pageSizeKey, ResourceList, storedPageSize } from '../../components/ResourceList';
import { EXECUTION_COLUMNS } from './executionColumns';

export const PAGE_SIZE_KEY = pageSizeKey('executions');

const isFiltered = (filters: ExecutionFilters) =>
  Object.values(filters).some((value) => typeof value === 'string' && value.trim() !== '');

/** Agent Executions: the recorded runs of agentflows, filtered and paginated by the server. */
export default function ExecutionsPage() {
  const access = useAccess();
  const [draft, setDraft] = useState<ExecutionFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<ExecutionFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(() => storedPageSize(PAGE_SIZE_KEY));
  const [openId, setOpenId] = useState<string | null>(null);

  const executions = useApiQuery(
    () => executionsApi.list(executionsQuery(filters, page, pageSize)),
    [filters, page, pageSize],
  );
  const reload = executions.reload;

  const rows = executions.data?.data ?? [];
  const total = executions.data?.total ?? 0;

  // Deleting the last rows of a page moves back to the previous page.
  useEffect(() => {
    if (executions.data && rows.length === 0 && total > 0 && page > 1)
      setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [executions.data, rows.length, total, page, pageSize]);

  const apply = () => {
    setFilters(draft);
    setPage(1);
    // Applying the same filters again still reloads.
    if (draft === filters && page === 1) void reload();
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setPage(1);
  };
  const changePageSize = (size: number) => {
    writeStored(PAGE_SIZE_KEY, size);
    setPageSize(size);
    setPage(1);
  };

  const canDelete = access.can('executions:delete');
  const onChanged = useCallback(() => void reload(), [reload]);

  return (
    <ResourceList
      title="Agent Executions"
      description="Every run of your agentflows, node by node. Open one to inspect, share or resume it."
      noun="executions"
      storageKey="executions"
      query={{ data: executions.data?.data, loading: executions.loading, error: executions.error, reload }}
      filters={<ExecutionFiltersBar value={draft} onChange={setDraft} onApply={apply} onReset={reset} />}
      filtered={isFiltered(filters)}
      empty={{
        icon: <PlaylistPlayIcon />,
        title: 'No Executions Yet',
        description:
          'Run an agentflow from its canvas, the API or an embedded chat; each run is recorded here with the input, output and state of every node.',
      }}
      emptyFiltered={{
        icon: <ManageSearchIcon />,
        title: 'No matching executions',
        description: 'No execution matches these filters. Change them or reset to see every run.',
        action: (
          <Button variant="outlined" onClick={reset}>
            Reset filters
          </Button>
        ),
      }}
      columns={EXECUTION_COLUMNS}
      defaultSort={{ header: 'Last Updated', direction: 'desc' }}
      paging={{
        total,
        page,
        pageSize,
        onPageChange: setPage,
        onPageSizeChange: changePageSize,
      }}
      {...(canDelete && {
        bulkDelete: {
          nouns: ['execution', 'executions'],
          consequence: 'Their traces are removed for good; the chat messages stay.',
          remove: (ids) => executionsApi.removeMany(ids),
          done: (ids) => {
            if (openId && ids.includes(openId)) setOpenId(null);
            return reload();
          },
        },
      })}
      onOpen={(execution) => setOpenId(execution.id)}
      rowLabel={(execution) =>
        `Open execution of ${execution.agentflow?.name ?? 'Deleted agentflow'}, session ${execution.sessionId}`
      }
      itemName={(execution) => `execution ${execution.id}`}
      activeId={openId}
      size="small"
    >
      <ExecutionDrawer executionId={openId} onClose={() => setOpenId(null)} onChanged={onChanged} />
    </ResourceList>
  );
}
