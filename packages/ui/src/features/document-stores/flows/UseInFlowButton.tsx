import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import type { DocumentStore, NodeDefinition } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useAccess } from '../../../app/useAccess';
import { canvasApi } from '../../canvas/canvasApi';
import { useNotify } from '../../notifications/useNotify';
import { agentflowForStore, chatflowForStore, type FlowTemplate } from './flowTemplates';

type Catalogue = ReadonlyMap<string, NodeDefinition>;

const KINDS = [
  {
    key: 'chatflow',
    label: 'New chatflow with this store',
    permission: 'chatflows:create',
    type: 'CHATFLOW' as const,
    path: '/canvas',
    build: chatflowForStore,
  },
  {
    key: 'agentflow',
    label: 'New agentflow with this store',
    permission: 'agentflows:create',
    type: 'AGENTFLOW' as const,
    path: '/v2/agentcanvas',
    build: agentflowForStore,
  },
];

/**
 * "Use in a flow": creates a chatflow (Conversational Retrieval QA Chain over the store) or an
 * agentflow (an Agent with the store as knowledge) and opens it. Offered once the store is
 * upserted; an entry the server's node types cannot build says which node is missing.
 */
export function UseInFlowButton({ store }: { store: DocumentStore }) {
  const access = useAccess();
  const navigate = useNavigate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(false);
  const kinds = KINDS.filter((kind) => access.can(kind.permission));
  if (kinds.length === 0) return null;
  const upserted = store.status === 'UPSERTED';

  const openMenu = (target: HTMLElement) => {
    setAnchor(target);
    if (catalogue) return;
    setLoadError('');
    canvasApi.nodes().then(
      (list) => setCatalogue(new Map(list.map((definition) => [definition.name, definition]))),
      (error: unknown) => setLoadError(errorMessage(error, 'The node types could not be loaded')),
    );
  };

  const create = async (kind: (typeof KINDS)[number], template: FlowTemplate) => {
    if (!template.ok) return;
    setAnchor(null);
    setBusy(true);
    try {
      const flow = await canvasApi.createChatflow({
        name: template.name,
        flowData: template.flowData,
        type: kind.type,
      });
      notify.success(`${template.name} created`);
      void navigate(`${kind.path}/${flow.id}`);
    } catch (error) {
      notify.error(error, { prefix: `Failed to create the ${kind.key}: ` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip title={upserted ? '' : 'Upsert the store into a vector store first'}>
        <span>
          <Button
            variant="outlined"
            startIcon={<AccountTreeOutlinedIcon />}
            disabled={!upserted || busy}
            aria-haspopup="menu"
            onClick={(event) => openMenu(event.currentTarget)}
          >
            Use in a flow
          </Button>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {kinds.map((kind) => {
          let template: FlowTemplate | undefined;
          try {
            template = catalogue ? kind.build(store, catalogue) : undefined;
          } catch (error) {
            template = { ok: false, missing: [], reason: errorMessage(error) };
          }
          const reason = loadError || (template && !template.ok ? template.reason : '');
          return (
            <MenuItem
              key={kind.key}
              disabled={!template?.ok}
              onClick={() => template && void create(kind, template)}
            >
              <ListItemText
                primary={kind.label}
                secondary={reason || (catalogue ? undefined : 'Loading node types…')}
                slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 320 } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
