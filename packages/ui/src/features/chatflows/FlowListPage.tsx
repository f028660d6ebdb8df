import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import GridViewIcon from '@mui/icons-material/GridView';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { Chatflow } from '@flowloom/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { EmptyState } from '../../components/EmptyState';
import { ListSkeleton } from '../../components/ListSkeleton';
import { PageContainer } from '../../components/PageContainer';
import { PageHeader } from '../../components/PageHeader';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { FlowActions } from './FlowActions';
import { FlowCard } from './FlowCard';
import { FLOW_KINDS, matchesFlowSearch } from './flowKinds';
import { flowsApi } from './flowsApi';
import { FlowTable } from './FlowTable';
import { RenameFlowDialog } from './RenameFlowDialog';
import { useViewMode } from './useViewMode';

/** The Chatflows and Agentflows lists. */
export default function FlowListPage({ type }: { type: 'CHATFLOW' | 'AGENTFLOW' }) {
  const kind = FLOW_KINDS[type];
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const access = useAccess();
  const [view, setView] = useViewMode(`flowloom.${kind.resource}.view`);
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<Chatflow | null>(null);
  const flows = useApiQuery(() => flowsApi.list(type), [type]);

  useEffect(() => {
    if (flows.error) notify.error(flows.error, { prefix: `Failed to load ${kind.title.toLowerCase()}: ` });
  }, [flows.error, notify, kind.title]);

  const visible = useMemo(
    () => (flows.data ?? []).filter((f) => matchesFlowSearch(f, search)),
    [flows.data, search],
  );
  const canCreate = access.can(`${kind.resource}:create`);
  const canUpdate = access.can(`${kind.resource}:update`);
  const canDelete = access.can(`${kind.resource}:delete`);
  const Icon = type === 'CHATFLOW' ? AccountTreeOutlinedIcon : HubOutlinedIcon;

  const remove = async (flow: Chatflow) => {
    const ok = await confirm({
      title: `Delete ${kind.noun}`,
      description: `Delete "${flow.name}"? Its chat messages are deleted too. This cannot be undone.`,
      confirmButtonName: 'Delete',
    });
    if (!ok) return;
    try {
      await flowsApi.remove(flow.id);
      notify.success(`Deleted "${flow.name}"`);
      await flows.reload();
    } catch (error) {
      notify.error(error, { prefix: `Failed to delete ${kind.noun}: ` });
    }
  };

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

  const actions = (flow: Chatflow) => (
    <FlowActions
      name={flow.name}
      {...(canUpdate ? { onRename: () => setRenaming(flow) } : {})}
      {...(canDelete ? { onDelete: () => void remove(flow) } : {})}
    />
  );
  const open = (flow: Chatflow) => void navigate(kind.openPath(flow.id));

  return (
    <PageContainer>
      <PageHeader
        title={kind.title}
        description={kind.description}
        search={{ value: search, onChange: setSearch, placeholder: `Search name or category` }}
        actions={
          <>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_e, value: 'card' | 'list' | null) => value && setView(value)}
              aria-label="View"
            >
              <ToggleButton value="card" aria-label="Card view">
                <Tooltip title="Card view">
                  <GridViewIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
              <ToggleButton value="list" aria-label="Table view">
                <Tooltip title="Table view">
                  <ViewListIcon fontSize="small" />
                </Tooltip>
              </ToggleButton>
            </ToggleButtonGroup>
            {canCreate && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(kind.newPath)}>
                Add New
              </Button>
            )}
          </>
        }
      />
      {flows.loading && !flows.data ? (
        <ListSkeleton variant={view === 'card' ? 'cards' : 'table'} />
      ) : (flows.data ?? []).length === 0 ? (
        <EmptyState
          icon={<Icon />}
          title={`No ${kind.title} Yet`}
          description={
            flows.error
              ? `The ${kind.title.toLowerCase()} could not be loaded.`
              : `Create your first ${kind.noun} to see it here.`
          }
          action={
            flows.error ? (
              <Button onClick={() => void flows.reload()}>Try again</Button>
            ) : canCreate ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(kind.newPath)}>
                Add New
              </Button>
            ) : undefined
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title="No matches"
          description={`Nothing matches "${search}".`}
        />
      ) : view === 'card' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {visible.map((flow) => (
            <FlowCard key={flow.id} flow={flow} onOpen={() => open(flow)} actions={actions(flow)} />
          ))}
        </Box>
      ) : (
        <FlowTable flows={visible} onOpen={open} actions={actions} />
      )}
      {renaming && (
        <RenameFlowDialog
          initialName={renaming.name}
          noun={kind.noun}
          onCancel={() => setRenaming(null)}
          onSave={(name) => rename(renaming, name)}
        />
      )}
    </PageContainer>
  );
}
