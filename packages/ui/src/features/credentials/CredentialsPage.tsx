import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { Credential, CredentialDefinition } from '@flowloom/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../confirm/useConfirmedDelete';
import { useNotify } from '../notifications/useNotify';
import { CredentialDialog } from './CredentialDialog';
import { credentialsApi } from './credentialsApi';
import { NewCredential } from './NewCredential';

type Editing = { step: 'new' } | { step: 'edit'; type: CredentialDefinition; credentialId: string };
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Credentials: stored secrets for model providers and tools, by credential type. */
export default function CredentialsPage() {
  const notify = useNotify();
  const access = useAccess();
  const confirmedDelete = useConfirmedDelete();
  const [editing, setEditing] = useState<Editing | null>(null);
  const credentials = useApiQuery(() => credentialsApi.list(), []);
  const types = useApiQuery(() => credentialsApi.types(), []);
  const canUpdate = access.can('credentials:update');
  const canDelete = access.can('credentials:delete');

  useEffect(() => {
    if (types.error) notify.error(types.error, { prefix: 'Failed to load credential types: ' });
  }, [types.error, notify]);

  const typeByName = useMemo(() => new Map((types.data ?? []).map((t) => [t.name, t])), [types.data]);
  const labelOf = useCallback(
    (credential: Credential) => typeByName.get(credential.credentialName)?.label ?? credential.credentialName,
    [typeByName],
  );
  const matches = useCallback(
    (credential: Credential, q: string) =>
      credential.name.toLowerCase().includes(q) ||
      credential.credentialName.toLowerCase().includes(q) ||
      labelOf(credential).toLowerCase().includes(q),
    [labelOf],
  );

  const edit = (credential: Credential) => {
    const type = typeByName.get(credential.credentialName);
    if (!type) {
      notify.error(`Credential type ${credential.credentialName} is not available`);
      return;
    }
    setEditing({ step: 'edit', type, credentialId: credential.id });
  };

  const remove = (credential: Credential) =>
    confirmedDelete({
      title: 'Delete credential',
      description: `Delete credential "${credential.name}"? Flows that use it will stop working.`,
      noun: 'Credential',
      remove: () => credentialsApi.remove(credential.id),
      done: credentials.reload,
    });

  const saved = () => {
    setEditing(null);
    void credentials.reload();
  };

  const addButton = access.can('credentials:create') && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing({ step: 'new' })}
      disabled={!types.data}
    >
      Add Credential
    </Button>
  );

  return (
    <ResourceList
      title="Credentials"
      description="API keys, tokens and other secrets used by nodes. Secrets are encrypted and never shown again."
      noun="credentials"
      query={credentials}
      matches={matches}
      addButton={addButton}
      empty={{
        icon: <LockOutlinedIcon />,
        title: 'No Credentials Yet',
        description:
          'Add a credential to connect nodes to model providers, vector databases and other services.',
      }}
      columns={[
        {
          header: 'Name',
          cell: (credential) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Avatar
                aria-hidden
                variant="rounded"
                sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}
              >
                {labelOf(credential).charAt(0)}
              </Avatar>
              <Typography fontWeight={600}>{credential.name}</Typography>
            </Box>
          ),
        },
        { header: 'Type', cell: labelOf },
        { header: 'Last Updated', cell: (credential) => formatDate(credential.updatedDate), sx: nowrap },
        { header: 'Created', cell: (credential) => formatDate(credential.createdDate), sx: nowrap },
      ]}
      actions={(credential) => (
        <RowActions
          name={credential.name}
          {...(canUpdate ? { onEdit: () => edit(credential) } : {})}
          {...(canDelete ? { onDelete: () => void remove(credential) } : {})}
        />
      )}
    >
      {editing?.step === 'new' && (
        <NewCredential types={types.data ?? []} onCancel={() => setEditing(null)} onCreated={saved} />
      )}
      {editing?.step === 'edit' && (
        <CredentialDialog
          type={editing.type}
          credentialId={editing.credentialId}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </ResourceList>
  );
}
