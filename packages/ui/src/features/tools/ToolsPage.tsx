import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { truncate, type Tool } from '@flowloom/shared';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { RowActions } from '../../components/RowActions';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { ToolDialog } from './ToolDialog';
import { ToolIcon } from './ToolIcon';
import { parseToolSchema } from './toolSchema';
import { toolsApi } from './toolsApi';

/** Custom tools: JavaScript functions agents can call. */
export default function ToolsPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Tool | 'new' | null>(null);
  const tools = useApiQuery(() => toolsApi.list(), []);

  useEffect(() => {
    if (tools.error) notify.error(tools.error, { prefix: 'Failed to load tools: ' });
  }, [tools.error, notify]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (tools.data ?? []).filter(
      (t) => !q || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q),
    );
  }, [tools.data, search]);

  const canCreate = access.can('tools:create');
  const canUpdate = access.can('tools:update');
  const canDelete = access.can('tools:delete');

  const remove = async (tool: Tool) => {
    const ok = await confirm({
      title: 'Delete tool',
      description: `Delete tool "${tool.name}"? Flows that use it will no longer find it.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await toolsApi.remove(tool.id);
      notify.success('Tool deleted');
      await tools.reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete tool: ' });
    }
  };

  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Create Tool
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Tools"
        description="Custom JavaScript functions your agents can call."
        search={{ value: search, onChange: setSearch, placeholder: 'Search tools' }}
        actions={addButton}
      />
      {tools.loading && !tools.data ? (
        <ListSkeleton />
      ) : (tools.data ?? []).length === 0 ? (
        <EmptyState
          icon={<BuildOutlinedIcon />}
          title="No Tools Created Yet"
          description="Write a function, describe its arguments, and agents can call it to look things up or take actions."
          action={addButton || undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`No tool matches "${search}".`}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Tools" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Arguments</TableCell>
                <TableCell>Last Updated</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((tool) => (
                <TableRow key={tool.id} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                      <ToolIcon name={tool.name} color={tool.color} iconSrc={tool.iconSrc} size={32} />
                      <Typography fontWeight={600}>{tool.name}</Typography>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{truncate(tool.description, 90)}</TableCell>
                  <TableCell>{parseToolSchema(tool.schema).length}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(tool.updatedDate)}</TableCell>
                  <TableCell align="right">
                    <RowActions
                      name={tool.name}
                      {...(canUpdate ? { onEdit: () => setEditing(tool) } : {})}
                      {...(canDelete ? { onDelete: () => void remove(tool) } : {})}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <ToolDialog
          {...(editing !== 'new' ? { tool: editing } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void tools.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
