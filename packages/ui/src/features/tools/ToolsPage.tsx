import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import { truncate, type Tool } from '@flowloom/shared';
import { useState } from 'react';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { ToolDialog } from './ToolDialog';
import { ToolIcon } from './ToolIcon';
import { parseToolSchema } from './toolSchema';
import { toolsApi } from './toolsApi';

const matches = (tool: Tool, q: string) =>
  tool.name.toLowerCase().includes(q) || tool.description.toLowerCase().includes(q);

/** Custom tools: JavaScript functions agents can call. */
export default function ToolsPage() {
  const [editing, setEditing] = useState<Tool | 'new' | null>(null);
  const page = useResourcePage({
    resource: 'tools',
    nouns: ['tool', 'tools'],
    api: toolsApi,
    name: (tool: Tool) => tool.name,
    deleteWarning: () => 'Flows that use it will no longer find it.',
    bulkWarning: 'Flows that use them will no longer find them.',
  });
  const tools = page.query;
  const addButton = page.addButton('Create Tool', () => setEditing('new'));

  return (
    <ResourceList
      title="Tools"
      description="Custom JavaScript functions your agents can call."
      noun="tools"
      {...page.listProps}
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
      actions={(tool) => page.rowActions(tool, () => setEditing(tool))}
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
