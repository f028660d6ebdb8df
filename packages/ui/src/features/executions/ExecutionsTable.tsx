import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { formatDate } from '../../components/formatDate';
import type { Execution } from './executionTypes';
import { StatusIcon } from './StatusIcon';

export const PAGE_SIZES = [12, 24, 48, 100];

type SortKey = 'state' | 'updatedDate' | 'agentflow' | 'sessionId' | 'createdDate';

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'state', label: 'Status' },
  { key: 'updatedDate', label: 'Last Updated' },
  { key: 'agentflow', label: 'Agentflow' },
  { key: 'sessionId', label: 'Session' },
  { key: 'createdDate', label: 'Created' },
];

function sortValue(execution: Execution, key: SortKey): string | number {
  switch (key) {
    case 'updatedDate':
    case 'createdDate':
      return new Date(execution[key]).getTime() || 0;
    case 'agentflow':
      return (execution.agentflow?.name ?? '').toLowerCase();
    case 'state':
    case 'sessionId':
      return execution[key] ?? '';
  }
}

export interface ExecutionsTableProps {
  rows: Execution[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Row selection for bulk delete; omitted when the user may not delete. */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  activeId?: string | null;
  onOpen: (execution: Execution) => void;
}

/**
 * Executions of the current server page. Sorting reorders that page (the server answers newest
 * change first); pages are 1-based like the API.
 */
export function ExecutionsTable({
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  selected,
  onSelectedChange,
  activeId,
  onOpen,
}: ExecutionsTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({
    key: 'updatedDate',
    direction: 'desc',
  });
  const sorted = useMemo(() => {
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      return x < y ? -factor : x > y ? factor : 0;
    });
  }, [rows, sort]);

  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const selectedOnPage = selectable ? rows.filter((r) => selected.has(r.id)).length : 0;
  const toggleAll = () =>
    onSelectedChange?.(new Set(selectedOnPage === rows.length ? [] : rows.map((r) => r.id)));
  const toggle = (id: string) => {
    if (!selected || !onSelectedChange) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const sortBy = (key: SortKey) =>
    setSort((s) => ({ key, direction: s.key === key && s.direction === 'desc' ? 'asc' : 'desc' }));

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table aria-label="Agent executions" size="small" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={rows.length > 0 && selectedOnPage === rows.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all executions on this page' } }}
                  />
                </TableCell>
              )}
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  sortDirection={sort.key === column.key ? sort.direction : false}
                  sx={{ py: 1.25, ...(column.key === 'state' ? { width: 84 } : {}) }}
                >
                  <TableSortLabel
                    active={sort.key === column.key}
                    direction={sort.key === column.key ? sort.direction : 'desc'}
                    onClick={() => sortBy(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((execution) => {
              const isSelected = selected?.has(execution.id) ?? false;
              const name = execution.agentflow?.name ?? 'Deleted agentflow';
              return (
                <TableRow
                  key={execution.id}
                  hover
                  selected={isSelected || activeId === execution.id}
                  onClick={() => onOpen(execution)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(execution);
                  }}
                  tabIndex={0}
                  aria-label={`Open execution of ${name}, session ${execution.sessionId}`}
                  sx={{ cursor: 'pointer', '&:last-child td': { borderBottom: 0 } }}
                >
                  {selectable && (
                    <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        checked={isSelected}
                        onChange={() => toggle(execution.id)}
                        slotProps={{ input: { 'aria-label': `Select execution ${execution.id}` } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <StatusIcon status={execution.state} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(execution.updatedDate)}</TableCell>
                  <TableCell>
                    <Typography
                      variant="body2"
                      fontWeight={600}
                      color={execution.agentflow ? 'text.primary' : 'text.secondary'}
                    >
                      {name}
                    </Typography>
                  </TableCell>
                  <TableCell
                    title={execution.sessionId}
                    sx={{
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                      fontSize: '0.8rem',
                      maxWidth: 260,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {execution.sessionId}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(execution.createdDate)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => onPageChange(next + 1)}
        onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
    </Paper>
  );
}
