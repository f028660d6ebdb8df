import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { truncate, type Assistant } from '@flowloom/shared';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../components/formatDate';
import { ResourceList } from '../../components/ResourceList';
import { useResourcePage } from '../../components/useResourcePage';
import { NodeIcon } from '../canvas/nodes/NodeIcon';
import { AddAssistantDialog } from './AddAssistantDialog';
import { assistantsApi } from './assistantsApi';
import { assistantSummary, type AssistantSummary } from './assistantSummary';

type Row = Assistant & { summary: AssistantSummary };

const matches = (row: Row, q: string) =>
  row.summary.name.toLowerCase().includes(q) || row.summary.instruction.toLowerCase().includes(q);

function ModelCell({ summary }: { summary: AssistantSummary }) {
  if (!summary.model) return <Typography color="text.secondary">Not chosen yet</Typography>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <NodeIcon name={summary.model.name} label={summary.model.label} size={24} />
      {summary.model.label}
    </Box>
  );
}

function AssistantCard({ row, onOpen, actions }: { row: Row; onOpen: () => void; actions: ReactNode }) {
  const { summary } = row;
  return (
    <Card sx={{ position: 'relative', height: '100%' }}>
      <CardActionArea
        onClick={onOpen}
        aria-label={`Open ${summary.name}`}
        sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Typography variant="h5" noWrap title={summary.name} sx={{ pr: 4 }}>
          {summary.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: 40, flex: 1 }}>
          {truncate(summary.instruction, 140)}
        </Typography>
        <Box
          sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5, color: 'text.secondary', fontSize: 13 }}
        >
          <ModelCell summary={summary} />
          <span>{summary.toolCount === 1 ? '1 tool' : `${summary.toolCount} tools`}</span>
          <span>
            {summary.storeCount === 1 ? '1 document store' : `${summary.storeCount} document stores`}
          </span>
        </Box>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 12, right: 8 }}>{actions}</Box>
    </Card>
  );
}

/** `/assistants/custom`: the custom assistants, Add (a name, then the builder), open, delete. */
export default function CustomAssistantsPage() {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const kit = useResourcePage<Row>({
    resource: 'assistants',
    nouns: ['custom assistant', 'custom assistants'],
    api: {
      list: async () =>
        (await assistantsApi.list('CUSTOM')).map((row) => ({ ...row, summary: assistantSummary(row) })),
      remove: (id) => assistantsApi.remove(id),
    },
    name: (row) => row.summary.name,
    deleteWarning: () => 'Its flow and its chat messages are deleted too.',
  });
  const open = (row: Row) => void navigate(`/assistants/custom/${row.id}`);

  return (
    <ResourceList
      title="Custom Assistant"
      description="Create custom assistants with your choice of LLMs"
      noun="custom assistants"
      {...kit.listProps}
      matches={matches}
      searchPlaceholder="Search Assistants"
      addButton={kit.addButton('Add', () => setAdding(true))}
      empty={{
        icon: <SmartToyOutlinedIcon />,
        title: 'No Custom Assistants Added Yet',
        description:
          'A custom assistant answers with the chat model you choose, following your instructions, using tools and searching your document stores.',
      }}
      columns={[
        {
          header: 'Name',
          cell: (row) => <Typography fontWeight={600}>{row.summary.name}</Typography>,
          sortValue: (row) => row.summary.name.toLowerCase(),
        },
        { header: 'Chat Model', cell: (row) => <ModelCell summary={row.summary} /> },
        {
          header: 'Instructions',
          cell: (row) => truncate(row.summary.instruction, 90),
          sx: { color: 'text.secondary' },
        },
        { header: 'Tools', cell: (row) => row.summary.toolCount },
        { header: 'Document Stores', cell: (row) => row.summary.storeCount },
        {
          header: 'Last Updated',
          cell: (row) => formatDate(row.updatedDate),
          sortValue: (row) => row.updatedDate,
        },
      ]}
      defaultSort={{ header: 'Last Updated', direction: 'desc' }}
      actions={(row) => kit.rowActions(row, () => open(row))}
      cards={(row, actions) => <AssistantCard row={row} onOpen={() => open(row)} actions={actions} />}
      onOpen={open}
      rowLabel={(row) => `Open ${row.summary.name}`}
    >
      {adding && (
        <AddAssistantDialog
          onClose={() => setAdding(false)}
          onCreated={(assistant) => {
            setAdding(false);
            void navigate(`/assistants/custom/${assistant.id}`);
          }}
        />
      )}
    </ResourceList>
  );
}
