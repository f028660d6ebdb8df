import Button from '@mui/material/Button';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { useCallback, useEffect, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { readStored, writeStored } from '../../app/localStore';
import { useAccess } from '../../app/useAccess';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { ExecutionDrawer } from './ExecutionDrawer';
import { EMPTY_FILTERS, executionsQuery, type ExecutionFilters } from './executionFilters';
import { ExecutionFiltersBar } from './ExecutionFiltersBar';
import { executionsApi } from './executionsApi';
import { ExecutionsTable, PAGE_SIZES } from './ExecutionsTable';

export const PAGE_SIZE_KEY = 'executionsPageSize';

function storedPageSize(): number {
  const stored = readStored<number>(PAGE_SIZE_KEY);
  return typeof stored === 'number' && PAGE_SIZES.includes(stored) ? stored : PAGE_SIZES[0]!;
}

const isFiltered = (filters: ExecutionFilters) =>
  Object.values(filters).some((value) => typeof value === 'string' && value.trim() !== '');

/** Agent Executions: the recorded runs of agentflows, filtered and paginated by the server. */
export default function ExecutionsPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [draft, setDraft] = useState<ExecutionFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<ExecutionFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(storedPageSize);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [openId, setOpenId] = useState<string | null>(null);

  const executions = useApiQuery(
    () => executionsApi.list(executionsQuery(filters, page, pageSize)),
    [filters, page, pageSize],
  );
  const reload = executions.reload;

  useEffect(() => {
    if (executions.error) notify.error(executions.error, { prefix: 'Failed to load executions: ' });
  }, [executions.error, notify]);

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
    setSelected(new Set());
    // Applying the same filters again still reloads.
    if (draft === filters && page === 1) void reload();
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setPage(1);
    setSelected(new Set());
  };
  const changePageSize = (size: number) => {
    writeStored(PAGE_SIZE_KEY, size);
    setPageSize(size);
    setPage(1);
  };

  const canDelete = access.can('executions:delete');
  const removeSelected = async () => {
    const ids = [...selected];
    if (ids.length === 0) return;
    const ok = await confirm({
      title: 'Delete executions',
      description: `Delete ${ids.length} execution${ids.length === 1 ? '' : 's'}? Their traces are removed for good; the chat messages stay.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await executionsApi.removeMany(ids);
      notify.success(ids.length === 1 ? 'Execution deleted' : `${ids.length} executions deleted`);
      setSelected(new Set());
      if (openId && ids.includes(openId)) setOpenId(null);
      await reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete executions: ' });
    }
  };

  const onChanged = useCallback(() => void reload(), [reload]);
  const filtered = isFiltered(filters);

  return (
    <PageContainer>
      <PageHeader
        title="Agent Executions"
        description="Every run of your agentflows, node by node. Open one to inspect, share or resume it."
      />
      <ExecutionFiltersBar
        value={draft}
        onChange={setDraft}
        onApply={apply}
        onReset={reset}
        {...(canDelete ? { deleteCount: selected.size, onDelete: () => void removeSelected() } : {})}
      />
      {executions.loading && !executions.data ? (
        <ListSkeleton />
      ) : rows.length === 0 && !executions.loading ? (
        filtered ? (
          <EmptyState
            icon={<ManageSearchIcon />}
            title="No matching executions"
            description="No execution matches these filters. Change them or reset to see every run."
            action={
              <Button variant="outlined" onClick={reset}>
                Reset filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<PlaylistPlayIcon />}
            title="No Executions Yet"
            description="Run an agentflow from its canvas, the API or an embedded chat; each run is recorded here with the input, output and state of every node."
          />
        )
      ) : (
        <ExecutionsTable
          rows={rows}
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={(next) => {
            setPage(next);
            setSelected(new Set());
          }}
          onPageSizeChange={changePageSize}
          {...(canDelete ? { selected, onSelectedChange: setSelected } : {})}
          activeId={openId}
          onOpen={(execution) => setOpenId(execution.id)}
        />
      )}
      <ExecutionDrawer executionId={openId} onClose={() => setOpenId(null)} onChanged={onChanged} />
    </PageContainer>
  );
}
