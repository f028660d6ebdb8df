import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import SaveAsOutlinedIcon from '@mui/icons-material/SaveAsOutlined';
import type { Chatflow } from '@flowloom/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { formatDate } from '../../components/formatDate';
import { RenameDeleteMenu } from '../../components/RenameDeleteMenu';
import { ResourceList } from '../../components/ResourceList';
import { useConfirmedDelete } from '../confirm/useConfirmedDelete';
import { ViewLeadsDialog } from '../flow-messages/ViewLeadsDialog';
import { ViewMessagesDialog } from '../flow-messages/ViewMessagesDialog';
import { ExportAsTemplateDialog } from '../marketplace/ExportAsTemplateDialog';
import { useNotify } from '../notifications/useNotify';
import { FlowCard, flowCategories } from './FlowCard';
import { AGENTFLOW_VERSION_KEY, FLOW_KINDS, flowNodeLabels, matchesFlowSearch } from './flowKinds';
import { flowsApi } from './flowsApi';
import { RenameFlowDialog } from './RenameFlowDialog';

/** V2 or V1 agentflows, remembered in the browser (V2 unless V1 was chosen). */
function useAgentflowVersion(): ['v1' | 'v2', (version: 'v1' | 'v2') => void] {
  const [version, setVersion] = useState<'v1' | 'v2'>(() =>
    localStorage.getItem(AGENTFLOW_VERSION_KEY) === 'v1' ? 'v1' : 'v2',
  );
  const choose = (next: 'v1' | 'v2') => {
    localStorage.setItem(AGENTFLOW_VERSION_KEY, next);
    setVersion(next);
  };
  return [version, choose];
}

/** The V2 / V1 switch of the Agentflows page, with V1's deprecation notice. */
function AgentflowVersionBar({
  version,
  onChange,
}: {
  version: 'v1' | 'v2';
  onChange: (version: 'v1' | 'v2') => void;
}) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={version}
        aria-label="Agentflow version"
        onChange={(_event, next: 'v1' | 'v2' | null) => next && onChange(next)}
        sx={{ justifySelf: 'start' }}
      >
        <ToggleButton value="v2">V2</ToggleButton>
        <ToggleButton value="v1">V1</ToggleButton>
      </ToggleButtonGroup>
      {version === 'v1' && !dismissed && (
        <Alert severity="warning" onClose={() => setDismissed(true)}>
          <strong>V1 Agentflows are deprecated.</strong> We recommend migrating to V2 for improved performance
          and continued support.
        </Alert>
      )}
    </Box>
  );
}

/** The Chatflows and Agentflows lists (V2, or V1 Sequential Agents flows), as cards or a table. */
export default function FlowListPage({ type: route }: { type: 'CHATFLOW' | 'AGENTFLOW' }) {
  const [version, setVersion] = useAgentflowVersion();
  const type = route === 'AGENTFLOW' && version === 'v1' ? 'MULTIAGENT' : route;
  const kind = FLOW_KINDS[type];
  const navigate = useNavigate();
  const notify = useNotify();
  const access = useAccess();
  const confirmedDelete = useConfirmedDelete();
  const [renaming, setRenaming] = useState<Chatflow | null>(null);
  const [viewing, setViewing] = useState<{ flow: Chatflow; what: 'messages' | 'leads' } | null>(null);
  const [exporting, setExporting] = useState<Chatflow | null>(null);
  const canExport = access.can('templates:flowexport');
  const flows = useApiQuery(() => flowsApi.list(type), [type]);
  const canCreate = access.can(`${kind.resource}:create`);
  const canUpdate = access.can(`${kind.resource}:update`);
  const canDelete = access.can(`${kind.resource}:delete`);
  const Icon = type === 'CHATFLOW' ? AccountTreeOutlinedIcon : HubOutlinedIcon;

  const remove = (flow: Chatflow) =>
    confirmedDelete({
      title: `Delete ${kind.noun}`,
      description: `Delete "${flow.name}"? Its chat messages are deleted too. This cannot be undone.`,
      noun: `${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)}`,
      remove: () => flowsApi.remove(flow.id),
      done: flows.reload,
    });

  const rename = async (flow: Chatflow, name: string) => {
    try {
      await flowsApi.rename(flow.id, name);
      setRenaming(null);
      notify.success('Renamed');
      await flows.reload();
    } catch (error) {
      notify.error(error, { prefix: `Failed to rename ${kind.noun}: ` });
    }
  };

  const open = (flow: Chatflow) => void navigate(kind.openPath(flow.id));
  const addButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(kind.newPath)}>
      Add New
    </Button>
  );

  return (
    <ResourceList
      title={kind.title}
      description={kind.description}
      noun={kind.title.toLowerCase()}
      storageKey={kind.resource}
      query={flows}
      matches={matchesFlowSearch}
      searchPlaceholder="Search name or category"
      addButton={addButton}
      {...(route === 'AGENTFLOW' && {
        filters: <AgentflowVersionBar version={version} onChange={setVersion} />,
      })}
      empty={{
        icon: <Icon />,
        title: `No ${kind.title} Yet`,
        description: `Create your first ${kind.noun} to see it here.`,
      }}
      columns={[
        {
          header: 'Name',
          cell: (flow) => (
            <Link
              component="button"
              underline="hover"
              onClick={() => open(flow)}
              sx={{ fontWeight: 600, textAlign: 'left' }}
            >
              {flow.name}
            </Link>
          ),
        },
        {
          header: 'Category',
          cell: (flow) =>
            flowCategories(flow).length > 0
              ? flowCategories(flow).map((c) => (
                  <Chip key={c} label={c} size="small" variant="outlined" sx={{ mr: 0.5 }} />
                ))
              : '—',
        },
        { header: 'Nodes', cell: (flow) => flowNodeLabels(flow.flowData).length },
        {
          header: 'Last Modified',
          cell: (flow) => formatDate(flow.updatedDate),
          sx: { whiteSpace: 'nowrap' },
        },
      ]}
      actions={(flow) => (
        <RenameDeleteMenu
          label={`Actions for ${flow.name}`}
          extra={[
            {
              label: 'View Messages',
              icon: <ForumOutlinedIcon fontSize="small" />,
              onClick: () => setViewing({ flow, what: 'messages' }),
            },
            {
              label: 'View Leads',
              icon: <ContactMailOutlinedIcon fontSize="small" />,
              onClick: () => setViewing({ flow, what: 'leads' }),
            },
            canExport && {
              label: 'Save As Template',
              icon: <SaveAsOutlinedIcon fontSize="small" />,
              onClick: () => setExporting(flow),
            },
          ]}
          {...(canUpdate ? { onRename: () => setRenaming(flow) } : {})}
          {...(canDelete ? { onDelete: () => void remove(flow) } : {})}
        />
      )}
      cards={(flow, actions) => <FlowCard flow={flow} onOpen={() => open(flow)} actions={actions} />}
    >
      {viewing && (
        <>
          <ViewMessagesDialog
            open={viewing.what === 'messages'}
            onClose={() => setViewing(null)}
            flow={viewing.flow}
          />
          <ViewLeadsDialog
            open={viewing.what === 'leads'}
            onClose={() => setViewing(null)}
            flow={viewing.flow}
          />
        </>
      )}
      {exporting && (
        <ExportAsTemplateDialog
          open
          flow={{ id: exporting.id, name: exporting.name, type: exporting.type }}
          onClose={() => setExporting(null)}
        />
      )}
      {renaming && (
        <RenameFlowDialog
          initialName={renaming.name}
          noun={kind.noun}
          onCancel={() => setRenaming(null)}
          onSave={(name) => rename(renaming, name)}
        />
      )}
    </ResourceList>
  );
}
