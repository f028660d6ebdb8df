import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import type { ApiKey } from '@flowloom/shared';
import { useState } from 'react';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { useNotify } from '../notifications/useNotify';
import { ApiKeyDialog } from './ApiKeyDialog';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';
import { apiKeysApi, findNewKey } from './apiKeysApi';

const matches = (key: ApiKey, q: string) => key.keyName.toLowerCase().includes(q);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** API keys for calling flows from other programs. */
export default function ApiKeysPage() {
  const notify = useNotify();
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const page = useResourcePage({
    resource: 'apikeys',
    nouns: ['API key', 'API keys'],
    api: apiKeysApi,
    name: (key: ApiKey) => key.keyName,
    deleteWarning: (key) => {
      const usedBy = key.chatFlows?.length ?? 0;
      return usedBy > 0
        ? `${plural(usedBy, 'flow')} use${usedBy === 1 ? 's' : ''} it and will stop accepting it.`
        : 'Programs using it will be refused.';
    },
    bulkWarning: 'Programs that call flows with them will be refused.',
  });
  const keys = page.query;

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

  const addButton = page.addButton('Create Key', () => setEditing('new'));

  return (
    <ResourceList
      title="API Keys"
      description="Keys that let other programs run your flows and call the API."
      noun="API keys"
      {...page.listProps}
      matches={matches}
      addButton={addButton}
      empty={{
        icon: <KeyOutlinedIcon />,
        title: 'No API Keys Yet',
        description: 'Create a key to call your flows from your own applications.',
      }}
      columns={[
        { header: 'Key Name', cell: (key) => <Typography fontWeight={600}>{key.keyName}</Typography> },
        {
          header: 'API Key',
          cell: (key) => key.apiKey || '••••',
          sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
        },
        {
          header: 'Permissions',
          cell: (key) => (
            <Tooltip title={key.permissions.join(', ') || 'No permissions'}>
              <Chip size="small" variant="outlined" label={plural(key.permissions.length, 'permission')} />
            </Tooltip>
          ),
        },
        {
          header: 'Usage',
          cell: (key) => (key.chatFlows?.length ? plural(key.chatFlows.length, 'flow') : '—'),
        },
        { header: 'Created', cell: (key) => formatDate(key.createdDate), sx: { whiteSpace: 'nowrap' } },
      ]}
      actions={(key) => page.rowActions(key, () => setEditing(key))}
    >
      {editing !== null && (
        <ApiKeyDialog
          {...(editing !== 'new' ? { apiKey: editing } : {})}
          onClose={() => setEditing(null)}
          onSubmit={save}
        />
      )}
      {created && <ApiKeySecretDialog apiKey={created} onClose={() => setCreated(null)} />}
    </ResourceList>
  );
}
