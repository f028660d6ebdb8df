import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import HubOutlinedIcon from '@mui/icons-material/HubOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { truncate, type Assistant } from '@flowloom/shared';
import { useState, type ReactNode } from 'react';
import { useApiQuery } from '../../../api/useApiQuery';
import { useAccess } from '../../../app/useAccess';
import { formatDate } from '../../../components/formatDate';
import { ResourceList } from '../../../components/ResourceList';
import { RowActions } from '../../../components/RowActions';
import { DeleteOpenAIAssistantDialog } from './DeleteOpenAIAssistantDialog';
import { LoadAssistantDialog } from './LoadAssistantDialog';
import { OpenAIAssistantDialog } from './OpenAIAssistantDialog';
import { openAIAssistantsApi } from './openAIAssistantsApi';
import { draftFromRemote, draftFromSaved, emptyDraft, savedSummary, type OpenAIDraft } from './openAIDraft';

type Row = Assistant & { summary: ReturnType<typeof savedSummary> };

/** What the dialog opens with: a new assistant, one loaded from OpenAI, or one kept here. */
type Editing = { draft: OpenAIDraft; row?: Row };

const matches = (row: Row, q: string) =>
  row.summary.name.toLowerCase().includes(q) || row.summary.instructions.toLowerCase().includes(q);

const showableIcon = (src: string | null) => (src && /^https?:\/\/\S+$/i.test(src) ? src : undefined);

function KindChip({ row }: { row: Row }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={row.type === 'AZURE' ? 'Azure' : 'OpenAI'}
      color={row.type === 'AZURE' ? 'info' : 'success'}
    />
  );
}

function AssistantCard({ row, onOpen, actions }: { row: Row; onOpen: () => void; actions: ReactNode }) {
  return (
    <Card sx={{ position: 'relative', height: '100%' }}>
      <CardActionArea
        onClick={onOpen}
        aria-label={`Open ${row.summary.name}`}
        sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 5 }}>
          <Avatar src={showableIcon(row.iconSrc)} sx={{ width: 36, height: 36, bgcolor: 'action.hover' }}>
            <SmartToyOutlinedIcon fontSize="small" color="action" />
          </Avatar>
          <Typography variant="h5" noWrap title={row.summary.name}>
            {row.summary.name}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: 40, flex: 1 }}>
          {truncate(row.summary.instructions, 140)}
        </Typography>
        <Box
          sx={{
            mt: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            fontSize: 13,
            color: 'text.secondary',
          }}
        >
          <KindChip row={row} />
          {row.summary.model}
        </Box>
      </CardActionArea>
      <Box sx={{ position: 'absolute', top: 12, right: 8 }}>{actions}</Box>
    </Card>
  );
}

/**
 * `/assistants/openai`: the OpenAI and Azure assistants kept here. Add makes one (at OpenAI, with its
 * files and vector store), Load brings one the account already has, a row opens it for editing.
 */
export default function OpenAIAssistantsPage() {
  const access = useAccess();
  const query = useApiQuery(
    async () =>
      (await openAIAssistantsApi.listSaved()).map((row) => ({ ...row, summary: savedSummary(row) })),
    [],
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const canCreate = access.can('assistants:create');
  const open = (row: Row) => setEditing({ draft: draftFromSaved(row), row });
  const done = () => {
    setEditing(null);
    void query.reload();
  };

  return (
    <ResourceList
      title="OpenAI Assistant"
      description="Assistants kept by OpenAI's Assistants API or your Azure OpenAI resource, with their files, code interpreter and file search"
      noun="OpenAI assistants"
      storageKey="openai-assistants"
      query={query}
      itemName={(row) => row.summary.name}
      matches={matches}
      searchPlaceholder="Search Assistants"
      addButton={
        canCreate && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<FileUploadOutlinedIcon />}
              onClick={() => setLoading(true)}
            >
              Load
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ draft: emptyDraft() })}
            >
              Add
            </Button>
          </Box>
        )
      }
      empty={{
        icon: <HubOutlinedIcon />,
        title: 'No OpenAI Assistants Added Yet',
        description:
          'Add an assistant to make one at OpenAI, or Load one your OpenAI account already has. A chatflow then answers with it through the OpenAI Assistant node.',
      }}
      columns={[
        {
          header: 'Name',
          cell: (row) => <Typography fontWeight={600}>{row.summary.name}</Typography>,
          sortValue: (row) => row.summary.name.toLowerCase(),
        },
        { header: 'Kind', cell: (row) => <KindChip row={row} /> },
        { header: 'Model', cell: (row) => row.summary.model },
        {
          header: 'Instructions',
          cell: (row) => truncate(row.summary.instructions, 90),
          sx: { color: 'text.secondary' },
        },
        {
          header: 'Last Updated',
          cell: (row) => formatDate(row.updatedDate),
          sortValue: (row) => row.updatedDate,
        },
      ]}
      defaultSort={{ header: 'Last Updated', direction: 'desc' }}
      actions={(row) => (
        <RowActions
          name={row.summary.name}
          onEdit={() => open(row)}
          {...(access.can('assistants:delete') && { onDelete: () => setDeleting(row) })}
        />
      )}
      cards={(row, actions) => <AssistantCard row={row} onOpen={() => open(row)} actions={actions} />}
      onOpen={open}
      rowLabel={(row) => `Open ${row.summary.name}`}
    >
      {loading && (
        <LoadAssistantDialog
          onClose={() => setLoading(false)}
          onLoaded={(remote, credential) => {
            setLoading(false);
            setEditing({ draft: draftFromRemote(remote, { ...emptyDraft(), credential }) });
          }}
        />
      )}
      {editing && (
        <OpenAIAssistantDialog
          key={editing.row?.id ?? editing.draft.openAIId}
          initial={editing.draft}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={done}
        />
      )}
      {deleting && (
        <DeleteOpenAIAssistantDialog
          name={deleting.summary.name}
          assistantId={deleting.id}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void query.reload();
          }}
        />
      )}
    </ResourceList>
  );
}
