import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DataObjectOutlinedIcon from '@mui/icons-material/DataObjectOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { truncate, type Variable } from '@flowloom/shared';
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
import { VariableDialog } from './VariableDialog';
import { variablesApi } from './variablesApi';

/** Variables: values flows read as `{{$vars.NAME}}`. */
export default function VariablesPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Variable | 'new' | null>(null);
  const variables = useApiQuery(() => variablesApi.list(), []);

  useEffect(() => {
    if (variables.error) notify.error(variables.error, { prefix: 'Failed to load variables: ' });
  }, [variables.error, notify]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (variables.data ?? []).filter((v) => !q || v.name.toLowerCase().includes(q));
  }, [variables.data, search]);

  const canCreate = access.can('variables:create');
  const canUpdate = access.can('variables:update');
  const canDelete = access.can('variables:delete');

  const remove = async (variable: Variable) => {
    const ok = await confirm({
      title: 'Delete variable',
      description: `Delete variable "${variable.name}"? Flows that use {{$vars.${variable.name}}} will get an empty value.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await variablesApi.remove(variable.id);
      notify.success('Variable deleted');
      await variables.reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete variable: ' });
    }
  };

  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Add Variable
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Variables"
        description="Reusable values for your flows, referenced as {{$vars.name}}."
        search={{ value: search, onChange: setSearch, placeholder: 'Search variables' }}
        actions={addButton}
      />
      {variables.loading && !variables.data ? (
        <ListSkeleton />
      ) : (variables.data ?? []).length === 0 ? (
        <EmptyState
          icon={<DataObjectOutlinedIcon />}
          title="No Variables Yet"
          description="Variables keep values like URLs, model names or settings in one place for all your flows."
          action={addButton || undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`No variable matches "${search}".`}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Variables" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Last Updated</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((variable) => (
                <TableRow key={variable.id} hover>
                  <TableCell>
                    <Typography fontWeight={600}>{variable.name}</Typography>
                  </TableCell>
                  <TableCell
                    title={truncate(variable.value, 1000)}
                    sx={{
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                      fontSize: '0.85rem',
                      maxWidth: { xs: 220, lg: 380 },
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {truncate(variable.value, 200)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={variable.type === 'runtime' ? 'Runtime' : 'Static'}
                      color={variable.type === 'runtime' ? 'secondary' : 'primary'}
                      variant="outlined"
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(variable.updatedDate)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(variable.createdDate)}</TableCell>
                  <TableCell align="right">
                    <RowActions
                      name={variable.name}
                      {...(canUpdate ? { onEdit: () => setEditing(variable) } : {})}
                      {...(canDelete ? { onDelete: () => void remove(variable) } : {})}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <VariableDialog
          {...(editing !== 'new' ? { variable: editing } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void variables.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
