import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ApiQuery } from '../api/useApiQuery';
import { useNotify } from '../features/notifications/useNotify';
import { EmptyState } from './EmptyState';
import { ListSkeleton } from './ListSkeleton';
import { PageContainer } from './PageContainer';
import { PageHeader } from './PageHeader';
import { ActionsCell, ActionsHeaderCell } from './RowActions';

export interface ResourceColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * The list page of a workspace resource (tools, variables, API keys, credentials…): title,
 * description, search, the add button, then a loading skeleton, the empty state, "no matches", or
 * the table with a sticky actions column. A failed load is announced once, with `noun` in it.
 */
export function ResourceList<T extends { id: string }>({
  title,
  description,
  noun,
  query,
  matches,
  addButton,
  empty,
  columns,
  actions,
  minWidth = 760,
  children,
}: {
  title: string;
  description: string;
  /** Plural, lower case: "variables". */
  noun: string;
  query: ApiQuery<T[]>;
  /** Whether an item matches the search text (already trimmed and lower case). */
  matches: (item: T, search: string) => boolean;
  addButton?: ReactNode;
  empty: { icon: ReactNode; title: string; description: string };
  columns: ResourceColumn<T>[];
  actions?: (item: T) => ReactNode;
  minWidth?: number;
  /** Dialogs of the page. */
  children?: ReactNode;
}) {
  const notify = useNotify();
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (query.error) notify.error(query.error, { prefix: `Failed to load ${noun}: ` });
  }, [query.error, notify, noun]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (query.data ?? []).filter((item) => !q || matches(item, q));
  }, [query.data, search, matches]);

  return (
    <PageContainer>
      <PageHeader
        title={title}
        description={description}
        search={{ value: search, onChange: setSearch, placeholder: `Search ${noun}` }}
        actions={addButton}
      />
      {query.loading && !query.data ? (
        <ListSkeleton />
      ) : (query.data ?? []).length === 0 ? (
        <EmptyState {...empty} action={addButton || undefined} />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`Nothing in ${noun} matches "${search}".`}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={title} sx={{ minWidth }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header}>{column.header}</TableCell>
                ))}
                {actions && <ActionsHeaderCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((item) => (
                <TableRow key={item.id} hover>
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
      {children}
    </PageContainer>
  );
}
