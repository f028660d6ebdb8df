import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import { truncate, type Tool } from '@flowloom/shared';
import { useState } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { useAccess } from '../../app/useAccess';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { RowActions } from '../../components/RowActions';
import { useConfirmedDelete } from '../confirm/useConfirmedDelete';
import { ToolDialog } from './ToolDialog';
import { ToolIcon } from './ToolIcon';
import { parseToolSchema } from './toolSchema';
import { toolsApi } from './toolsApi';

const matches = (tool: Tool, q: string) =>
  tool.name.toLowerCase().includes(q) || tool.description.toLowerCase().includes(q);

/** Custom tools: JavaScript functions agents can call. */
export default function ToolsPage() {
  const access = useAccess();
  const confirmedDelete = useConfirmedDelete();
  const [editing, setEditing] = useState<Tool | 'new' | null>(null);
  const tools = useApiQuery(() => toolsApi.list(), []);
  const canUpdate = access.can('tools:update');
  const canDelete = access.can('tools:delete');

  const remove = (tool: Tool) =>
    confirmedDelete({
      title: 'Delete tool',
      description: `Delete tool "${tool.name}"? Flows that use it will no longer find it.`,
      noun: 'Tool',
      remove: () => toolsApi.remove(tool.id),
      done: tools.reload,
    });

  const addButton = access.can('tools:create') && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Create Tool
    </Button>
  );

  return (
    <ResourceList
      title="Tools"
      description="Custom JavaScript functions your agents can call."
      noun="tools"
      query={tools}
      matches={matches}
      addButton={addButton}
      empty={{
        icon: <BuildOutlinedIcon />,
        title: 'No Tools Created Yet',
        description:
          'Write a function, describe its arguments, and agents can call it to look things up or take actions.',
      }}
      columns={[
        {
          header: 'Name',
          cell: (tool) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <ToolIcon name={tool.name} color={tool.color} iconSrc={tool.iconSrc} size={32} />
              <Typography fontWeight={600}>{tool.name}</Typography>
            </Box>
          ),
        },
        {
          header: 'Description',
          cell: (tool) => truncate(tool.description, 90),
          sx: { color: 'text.secondary' },
        },
        { header: 'Arguments', cell: (tool) => parseToolSchema(tool.schema).length },
        {
          header: 'Last Updated',
          cell: (tool) => formatDate(tool.updatedDate),
          sx: { whiteSpace: 'nowrap' },
        },
      ]}
      actions={(tool) => (
        <RowActions
          name={tool.name}
          {...(canUpdate ? { onEdit: () => setEditing(tool) } : {})}
          {...(canDelete ? { onDelete: () => void remove(tool) } : {})}
        />
      )}
    >
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
    </ResourceList>
  );
}
