import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import GridViewIcon from '@mui/icons-material/GridView';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ViewListIcon from '@mui/icons-material/ViewList';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStored, writeStored } from '../app/localStore';
import { useConfirm } from '../features/confirm/useConfirm';
import { useNotify } from '../features/notifications/useNotify';
import { EmptyState } from './EmptyState';
import { ListSkeleton } from './ListSkeleton';
import { PageContainer } from './PageContainer';
import { PageHeader } from './PageHeader';
import { ActionsCell, ActionsHeaderCell } from './RowActions';
import { useViewMode } from './useViewMode';

export interface ResourceColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  sx?: SxProps<Theme>;
  /** Makes the column sortable by this value. */
  sortValue?: (item: T) => string | number;
}

/** Page sizes of every list. */
export const PAGE_SIZES = [12, 24, 48, 100];

/** A page the server cut: the kit shows it and asks for others. Pages count from 1, as the API's. */
export interface ServerPaging {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** Deleting several rows at once: checkboxes, a Delete (N) button, a confirmation, one request. */
export interface BulkDelete {
  /** Singular and plural, lower case: ["execution", "executions"]. */
  nouns: [string, string];
  /** What the confirmation adds after "Delete N things?". */
  consequence: string;
  remove: (ids: string[]) => Promise<unknown>;
  /** After a delete (reload the list). */
  done: (ids: string[]) => Promise<unknown> | void;
}

interface EmptyInfo {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

/** Where a list page remembers its page size. */
export const pageSizeKey = (storageKey: string) => `flowloom.${storageKey}.pageSize`;

/** The page size a list page remembered, or the smallest. */
export function storedPageSize(key: string): number {
  const stored = readStored<number>(key);
  return typeof stored === 'number' && PAGE_SIZES.includes(stored) ? stored : PAGE_SIZES[0]!;
}

/**
 * The list page of a workspace resource: title, description, search, the view toggle (where the
 * page has cards), the add and Delete (N) buttons, then a loading skeleton, the empty state, "no
 * matches", or the rows as cards or a table (sortable columns, a sticky actions column, checkboxes
 * for bulk delete) with pagination. Lists come whole from the server and are searched and cut into
 * pages here, or come a page at a time (`paging`). A failed load is announced once, with `noun`.
 * The view and page size are remembered per page (`storageKey`).
 */
export function ResourceList<T extends { id: string }>({
  title,
  description,
  noun,
  storageKey,
  query,
  matches,
  searchPlaceholder,
  filters,
  filtered = false,
  addButton,
  empty,
  emptyFiltered,
  columns,
  defaultSort,
  actions,
  cards,
  paging,
  bulkDelete,
  onOpen,
  rowLabel,
  itemName,
  activeId,
  size,
  minWidth = 760,
  children,
}: {
  title: string;
  description: string;
  /** Plural, lower case: "variables". */
  noun: string;
  /** Where this page's view and page size are remembered: "variables". */
  storageKey: string;
  query: { data: T[] | undefined; loading: boolean; error: unknown; reload: () => Promise<void> };
  /** Whether an item matches the search text (trimmed, lower case); no search box without it. */
  matches?: (item: T, search: string) => boolean;
  searchPlaceholder?: string;
  /** A filter bar under the header (the server filters; `filtered` says whether any is set). */
  filters?: ReactNode;
  filtered?: boolean;
  addButton?: ReactNode;
  empty: EmptyInfo;
  /** Shown when the server's filters match nothing. */
  emptyFiltered?: EmptyInfo;
  columns: ResourceColumn<T>[];
  defaultSort?: { header: string; direction: 'asc' | 'desc' };
  actions?: (item: T) => ReactNode;
  /** A card per item, for the cards/table toggle. */
  cards?: (item: T, actions: ReactNode) => ReactNode;
  paging?: ServerPaging;
  bulkDelete?: BulkDelete;
  /** A click on a row opens the item. */
  onOpen?: (item: T) => void;
  rowLabel?: (item: T) => string;
  /** How the item is named in its checkbox ("Select <name>"). */
  itemName?: (item: T) => string;
  activeId?: string | null;
  size?: 'small';
  minWidth?: number;
  /** Dialogs and drawers of the page. */
  children?: ReactNode;
}) {
  const notify = useNotify();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [view, setView] = useViewMode(`flowloom.${storageKey}.view`);
  const sizeKey = pageSizeKey(storageKey);
  const [clientPage, setClientPage] = useState(1);
  const [clientSize, setClientSize] = useState(() => storedPageSize(sizeKey));
  const [sort, setSort] = useState(defaultSort);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const showCards = cards !== undefined && view === 'card';

  useEffect(() => {
    if (query.error) notify.error(query.error, { prefix: `Failed to load ${noun}: ` });
  }, [query.error, notify, noun]);

  const all = query.data ?? [];
  const found = useMemo(() => {
    const q = search.trim().toLowerCase();
    return matches && q ? all.filter((item) => matches(item, q)) : all;
  }, [all, search, matches]);
  const sorted = useMemo(() => {
    const by = sort && columns.find((column) => column.header === sort.header)?.sortValue;
    if (!by || !sort) return found;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...found].sort((a, b) => {
      const x = by(a);
      const y = by(b);
      return x < y ? -factor : x > y ? factor : 0;
    });
  }, [found, sort, columns]);

  const page = paging?.page ?? clientPage;
  const pageSize = paging?.pageSize ?? clientSize;
  const total = paging?.total ?? sorted.length;
  const rows = paging ? sorted : sorted.slice((page - 1) * pageSize, page * pageSize);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const setPage = (next: number) => {
    setSelected(new Set());
    if (paging) paging.onPageChange(next);
    else setClientPage(next);
  };
  const setPageSize = (next: number) => {
    setSelected(new Set());
    if (paging) return paging.onPageSizeChange(next);
    writeStored(sizeKey, next);
    setClientSize(next);
    setClientPage(1);
  };
  // A search, or deleting the last rows of the last page, never leaves an empty page behind.
  useEffect(() => {
    if (!paging && clientPage > lastPage) setClientPage(lastPage);
  }, [paging, clientPage, lastPage]);
  useEffect(() => setClientPage(1), [search]);

  const selectedOnPage = rows.filter((item) => selected.has(item.id)).length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(new Set(selectedOnPage === rows.length ? [] : rows.map((item) => item.id)));

  const removeSelected = async () => {
    if (!bulkDelete) return;
    const ids = [...selected];
    const [one, many] = bulkDelete.nouns;
    const what = ids.length === 1 ? `1 ${one}` : `${ids.length} ${many}`;
    if (
      !(await confirm({
        title: `Delete ${many}`,
        description: `Delete ${what}? ${bulkDelete.consequence}`,
        confirmButtonName: 'Delete',
      }))
    )
      return;
    try {
      await bulkDelete.remove(ids);
      notify.success(
        ids.length === 1 ? `${one[0]!.toUpperCase()}${one.slice(1)} deleted` : `${what} deleted`,
      );
      setSelected(new Set());
      await bulkDelete.done(ids);
    } catch (error) {
      notify.error(error, { prefix: `Failed to delete ${many}: ` });
    }
  };

  const viewToggle = cards && (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, value: 'card' | 'list' | null) => value && setView(value)}
      aria-label="View"
    >
      <ToggleButton value="card" aria-label="Card view">
        <Tooltip title="Card view">
          <GridViewIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
      <ToggleButton value="list" aria-label="Table view">
        <Tooltip title="Table view">
          <ViewListIcon fontSize="small" />
        </Tooltip>
      </ToggleButton>
    </ToggleButtonGroup>
  );
  const deleteButton = bulkDelete && (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteOutlineIcon />}
      disabled={selected.size === 0}
      onClick={() => void removeSelected()}
    >
      {selected.size > 0 ? `Delete (${selected.size})` : 'Delete'}
    </Button>
  );
  const selectable = bulkDelete !== undefined && !showCards;

  const content = () => {
    if (query.loading && !query.data) return <ListSkeleton variant={showCards ? 'cards' : 'table'} />;
    if (all.length === 0 && !query.loading) {
      if (filtered && emptyFiltered) return <EmptyState {...emptyFiltered} />;
      if (query.error)
        return (
          <EmptyState
            icon={empty.icon}
            title={`${title} could not be loaded`}
            description="Check your connection and try again."
            action={<Button onClick={() => void query.reload()}>Try again</Button>}
          />
        );
      return <EmptyState {...empty} action={empty.action ?? addButton ?? undefined} />;
    }
    if (found.length === 0)
      return (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`Nothing in ${noun} matches "${search}".`}
        />
      );
    return (
      <Paper
        variant="outlined"
        sx={{ overflow: 'hidden', ...(showCards && { border: 0, bgcolor: 'transparent' }) }}
      >
        {showCards ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
            {rows.map((item) => (
              <Box key={item.id}>{cards(item, actions?.(item))}</Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label={title} size={size ?? 'medium'} sx={{ minWidth }}>
              <TableHead>
                <TableRow>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={rows.length > 0 && selectedOnPage === rows.length}
                        indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                        onChange={toggleAll}
                        slotProps={{ input: { 'aria-label': `Select all ${noun} on this page` } }}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell
                      key={column.header}
                      sortDirection={sort?.header === column.header ? sort.direction : false}
                    >
                      {column.sortValue ? (
                        <TableSortLabel
                          active={sort?.header === column.header}
                          direction={sort?.header === column.header ? sort.direction : 'desc'}
                          onClick={() =>
                            setSort((current) => ({
                              header: column.header,
                              direction:
                                current?.header === column.header && current.direction === 'desc'
                                  ? 'asc'
                                  : 'desc',
                            }))
                          }
                        >
                          {column.header}
                        </TableSortLabel>
                      ) : (
                        column.header
                      )}
                    </TableCell>
                  ))}
                  {actions && <ActionsHeaderCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((item) => (
                  <TableRow
                    key={item.id}
                    hover
                    selected={selected.has(item.id) || activeId === item.id}
                    {...(onOpen && {
                      onClick: () => onOpen(item),
                      onKeyDown: (event: React.KeyboardEvent) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(item);
                      },
                      tabIndex: 0,
                      'aria-label': rowLabel?.(item),
                      sx: { cursor: 'pointer' },
                    })}
                  >
                    {selectable && (
                      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          checked={selected.has(item.id)}
                          onChange={() => toggle(item.id)}
                          slotProps={{ input: { 'aria-label': `Select ${itemName?.(item) ?? item.id}` } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell key={column.header} {...(column.sx && { sx: column.sx })}>
                        {column.cell(item)}
                      </TableCell>
                    ))}
                    {actions && <ActionsCell>{actions(item)}</ActionsCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {(paging || total > PAGE_SIZES[0]!) && (
          <TablePagination
            component="div"
            count={total}
            page={Math.min(Math.max(0, page - 1), lastPage - 1)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => setPageSize(Number(event.target.value))}
            sx={showCards ? { mt: 1 } : { borderTop: 1, borderColor: 'divider' }}
          />
        )}
      </Paper>
    );
  };

  return (
    <PageContainer>
      <PageHeader
        title={title}
        description={description}
        {...(matches && {
          search: { value: search, onChange: setSearch, placeholder: searchPlaceholder ?? `Search ${noun}` },
        })}
        actions={
          (viewToggle || deleteButton || addButton) && (
            <>
              {viewToggle}
              {!showCards && deleteButton}
              {addButton}
            </>
          )
        }
      />
      {filters}
      {content()}
      {children}
    </PageContainer>
  );
}
