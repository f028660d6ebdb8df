import Avatar from '@mui/material/Avatar';
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
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { Credential, CredentialDefinition } from '@flowloom/shared';
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
import { CredentialDialog } from './CredentialDialog';
import { credentialsApi } from './credentialsApi';
import { CredentialTypePicker } from './CredentialTypePicker';

type Editing = { step: 'pick' } | { step: 'form'; type: CredentialDefinition; credentialId?: string };

/** Credentials: stored secrets for model providers and tools, by credential type. */
export default function CredentialsPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const credentials = useApiQuery(() => credentialsApi.list(), []);
  const types = useApiQuery(() => credentialsApi.types(), []);

  useEffect(() => {
    if (credentials.error) notify.error(credentials.error, { prefix: 'Failed to load credentials: ' });
  }, [credentials.error, notify]);
  useEffect(() => {
    if (types.error) notify.error(types.error, { prefix: 'Failed to load credential types: ' });
  }, [types.error, notify]);

  const typeByName = useMemo(() => new Map((types.data ?? []).map((t) => [t.name, t])), [types.data]);
  const visible = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (credentials.data ?? []).filter(
      (c) =>
        !q ||
        c.name.toLowerCase().includes(q) ||
        c.credentialName.toLowerCase().includes(q) ||
        (typeByName.get(c.credentialName)?.label ?? '').toLowerCase().includes(q),
    );
  }, [credentials.data, search, typeByName]);

  const canCreate = access.can('credentials:create');
  const canUpdate = access.can('credentials:update');
  const canDelete = access.can('credentials:delete');

  const edit = (credential: Credential) => {
    const type = typeByName.get(credential.credentialName);
    if (!type) {
      notify.error(`Credential type ${credential.credentialName} is not available`);
      return;
    }
    setEditing({ step: 'form', type, credentialId: credential.id });
  };

  const remove = async (credential: Credential) => {
    const ok = await confirm({
      title: 'Delete credential',
      description: `Delete credential "${credential.name}"? Flows that use it will stop working.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await credentialsApi.remove(credential.id);
      notify.success('Credential deleted');
      await credentials.reload();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to delete credential: ' });
    }
  };

  const addButton = canCreate && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ step: 'pick' })}
      disabled={!types.data}
    >
      Add Credential
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader
        title="Credentials"
        description="API keys, tokens and other secrets used by nodes. Secrets are encrypted and never shown again."
        search={{ value: search, onChange: setSearch, placeholder: 'Search credentials' }}
        actions={addButton}
      />
      {credentials.loading && !credentials.data ? (
        <ListSkeleton />
      ) : (credentials.data ?? []).length === 0 ? (
        <EmptyState
          icon={<LockOutlinedIcon />}
          title="No Credentials Yet"
          description="Add a credential to connect nodes to model providers, vector databases and other services."
          action={addButton || undefined}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`No credential matches "${search}".`}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Credentials" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Last Updated</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((credential) => {
                const label = typeByName.get(credential.credentialName)?.label ?? credential.credentialName;
                return (
                  <TableRow key={credential.id} hover>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        <Avatar
                          aria-hidden
                          variant="rounded"
                          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}
                        >
                          {label.charAt(0)}
                        </Avatar>
                        <Typography fontWeight={600}>{credential.name}</Typography>
                      </Box>
                    </TableCell>
                    <TableCell>{label}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(credential.updatedDate)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(credential.createdDate)}</TableCell>
                    <TableCell align="right">
                      <RowActions
                        name={credential.name}
                        {...(canUpdate ? { onEdit: () => edit(credential) } : {})}
                        {...(canDelete ? { onDelete: () => void remove(credential) } : {})}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing?.step === 'pick' && (
        <CredentialTypePicker
          types={types.data ?? []}
          onCancel={() => setEditing(null)}
          onPick={(type) => setEditing({ step: 'form', type })}
        />
      )}
      {editing?.step === 'form' && (
        <CredentialDialog
          type={editing.type}
          {...(editing.credentialId !== undefined ? { credentialId: editing.credentialId } : {})}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void credentials.reload();
          }}
        />
      )}
    </PageContainer>
  );
}
