import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { Credential, CredentialDefinition } from '@flowloom/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { useNotify } from '../notifications/useNotify';
import { CredentialDialog } from './CredentialDialog';
import { credentialsApi } from './credentialsApi';
import { NewCredential } from './NewCredential';

type Editing = { step: 'new' } | { step: 'edit'; type: CredentialDefinition; credentialId: string };
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Credentials: stored secrets for model providers and tools, by credential type. */
export default function CredentialsPage() {
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing | null>(null);
  const page = useResourcePage({
    resource: 'credentials',
    nouns: ['credential', 'credentials'],
    api: credentialsApi,
    name: (credential: Credential) => credential.name,
    deleteWarning: () => 'Flows that use it will stop working.',
    bulkWarning: 'Flows that use them will stop working.',
  });
  const credentials = page.query;
  const types = useApiQuery(() => credentialsApi.types(), []);

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

  const saved = () => {
    setEditing(null);
    void credentials.reload();
  };

  // The form needs the credential types: until they are loaded there is nothing to add.
  const addButton = page.addButton('Add Credential', () => setEditing({ step: 'new' }), !types.data);

  return (
    <ResourceList
      title="Credentials"
      description="API keys, tokens and other secrets used by nodes. Secrets are encrypted and never shown again."
      noun="credentials"
      {...page.listProps}
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
      actions={(credential) => page.rowActions(credential, () => edit(credential))}
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
