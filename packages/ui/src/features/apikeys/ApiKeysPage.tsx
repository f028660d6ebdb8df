import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ApiKey } from '@flowloom/shared';
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
import { ApiKeyDialog } from './ApiKeyDialog';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';
import { apiKeysApi, findNewKey } from './apiKeysApi';

/** API keys for calling flows from other programs. */
export default function ApiKeysPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const keys = useApiQuery(() => apiKeysApi.list(), []);

  useEffect(() => {
    if (keys.error) notify.error(keys.error, { prefix: 'Failed to load API keys: ' });
  }, [keys.error, notify]);

  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (keys.data ?? []).filter((k) => !q || k.keyName.toLowerCase().includes(q));
  }, [keys.data, search]);

  const canCreate = access.can('apikeys:create');
  const canUpdate = access.can('apikeys:update');
  const canDelete = access.can('apikeys:delete');

  const save = async (body: { keyName: string; permissions: string[] }) => {
    try {
      if (editing === 'new') {
        const before = keys.data ?? [];
        const list = await apiKeysApi.create(body as Parameters<typeof apiKeysApi.create>[0]);
        const fresh = findNewKey(before, list, body.keyName);
        // The list keeps only masked keys; the full secret is shown once in the dialog.
        keys.setData(list.map((k) => (k.id === fresh?.id ? { ...k, apiKey: '' } : k)));
        setEditing(null);
        if (fresh) setCreated(fresh);
        void keys.reload();
      } else if (editing) {
        await apiKeysApi.update(editing.id, body as Parameters<typeof apiKeysApi.update>[1]);
        setEditing(null);
        notify.success('API key saved');
        await keys.reload();
      }
    } catch (error) {
      notify.error(error, { prefix: `Failed to ${editing === 'new' ? 'create' : 'save'} API key: ` });
    }
  };

  const remove = async (key: ApiKey) => {
    const usedBy = key.chatFlows?.length ?? 0;
    const ok = await confirm({
      title: 'Delete API key',
      description:
        usedBy > 0
          ? `Delete API key "${key.keyName}"? ${usedBy} flow${usedBy === 1 ? '' : 's'} use it and will stop accepting it.`
          : `Delete API key "${key.keyName}"? Programs using it will be refused.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      const list = await apiKeysApi.remove(key.id);
      if (Array.isArray(list)) keys.setData(list);
      else await keys.reload();
      notify.success('API key deleted');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete API key: ' });
    }
  };

  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Create Key
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title="API Keys"
        description="Keys that let other programs run your flows and call the API."
        search={{ value: search, onChange: setSearch, placeholder: 'Search API keys' }}
        actions={addButton}
      />
      {keys.loading && !keys.data ? (
        <ListSkeleton />
      ) : (keys.data ?? []).length === 0 ? (
        <EmptyState
          icon={<KeyOutlinedIcon />}
          title="No API Keys Yet"
          description="Create a key to call your flows from your own applications."
          action={addButton || undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`No API key matches "${search}".`}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="API keys" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>Key Name</TableCell>
                <TableCell>API Key</TableCell>
                <TableCell>Permissions</TableCell>
                <TableCell>Usage</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((key) => (
                <TableRow key={key.id} hover>
                  <TableCell>
                    <Typography fontWeight={600}>{key.keyName}</Typography>
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                    {key.apiKey || '••••'}
                  </TableCell>
                  <TableCell>
                    <Tooltip title={key.permissions.join(', ') || 'No permissions'}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`${key.permissions.length} permission${key.permissions.length === 1 ? '' : 's'}`}
                      />
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    {key.chatFlows?.length
                      ? `${key.chatFlows.length} flow${key.chatFlows.length === 1 ? '' : 's'}`
                      : '—'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(key.createdDate)}</TableCell>
                  <TableCell align="right">
                    <RowActions
                      name={key.keyName}
                      {...(canUpdate ? { onEdit: () => setEditing(key) } : {})}
                      {...(canDelete ? { onDelete: () => void remove(key) } : {})}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <ApiKeyDialog
          {...(editing !== 'new' ? { apiKey: editing } : {})}
          onClose={() => setEditing(null)}
          onSubmit={save}
        />
      )}
      {created && <ApiKeySecretDialog apiKey={created} onClose={() => setCreated(null)} />}
    </PageContainer>
  );
}
