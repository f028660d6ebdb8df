import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import type { Assistant, AssistantStoreOption } from '@flowloom/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccess } from '../../../app/useAccess';
import { missingInputs } from '../../../components/nodeForm/componentInputs';
import { useConfirmedDelete } from '../../confirm/useConfirmedDelete';
import { useNotify } from '../../notifications/useNotify';
import { assistantsApi } from '../assistantsApi';
import { AssistantPlayground } from './AssistantPlayground';
import {
  CREDENTIAL_KEY,
  detailsFromDraft,
  draftFromDetails,
  findComponent,
  missingFields,
  sameDetails,
  selectedChatModel,
  type AssistantDraft,
  type BuilderComponents,
} from './assistantDraft';
import { ChatModelSection } from './ChatModelSection';
import { InstructionsSection } from './InstructionsSection';
import { KnowledgeSection } from './KnowledgeSection';
import { ToolsSection } from './ToolsSection';

const LIST = '/assistants/custom';

/** The flow id an assistant's stored details name, once it has one. */
function flowIdOf(assistant: Assistant): string | undefined {
  try {
    const flowId = (JSON.parse(assistant.details) as { flowId?: unknown }).flowId;
    return typeof flowId === 'string' && flowId ? flowId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The custom assistant builder: name, chat model and its settings, instructions (with the writer),
 * knowledge and tools on the left; the preview chat on the right. Save sends the details; the server
 * builds the assistant's flow from them.
 */
export function AssistantBuilder({
  assistant,
  components,
  storeOptions,
}: {
  assistant: Assistant;
  components: BuilderComponents;
  storeOptions: readonly AssistantStoreOption[];
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const access = useAccess();
  const confirmedDelete = useConfirmedDelete();
  const canSave = access.can('assistants:create,assistants:update');
  const canDelete = access.can('assistants:delete');
  const [draft, setDraft] = useState<AssistantDraft>(() => draftFromDetails(assistant.details, components));
  const [saved, setSaved] = useState<AssistantDraft>(draft);
  const [flowId, setFlowId] = useState(() => flowIdOf(assistant));
  const [saving, setSaving] = useState(false);
  // One save at a time: a question sent while saving waits for the same save.
  const pending = useRef<Promise<string | undefined> | null>(null);
  const dirty = !sameDetails(draft, saved);
  const change = (patch: Partial<AssistantDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const model = draft.chatModel && findComponent(components.chatModels, draft.chatModel.name);
  const modelMissing = model ? missingInputs(model, draft.chatModel!.values, CREDENTIAL_KEY) : [];
  const modelProblem =
    model && modelMissing.length > 0
      ? `Fill in ${modelMissing.join(', ')} of ${model.label} first: it writes the instructions.`
      : undefined;

  const write = async (): Promise<string | undefined> => {
    const problems = missingFields(draft, components);
    if (problems.length > 0) {
      notify.error(`Please fill in all mandatory fields: ${problems.join('; ')}`, { variant: 'warning' });
      return undefined;
    }
    setSaving(true);
    try {
      const answer = await assistantsApi.save(assistant.id, detailsFromDraft(draft));
      const id = flowIdOf(answer);
      setSaved(draft);
      setFlowId(id);
      notify.success('Assistant saved');
      return id;
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save assistant: ' });
      return undefined;
    } finally {
      setSaving(false);
    }
  };
  const save = () => {
    pending.current ??= write().finally(() => {
      pending.current = null;
    });
    return pending.current;
  };
  const ensureSaved = async () => (flowId && !dirty ? flowId : save());

  const remove = () =>
    confirmedDelete({
      title: 'Delete custom assistant',
      description: `Delete custom assistant "${saved.name}"? Its flow and its chat messages are deleted too.`,
      noun: 'Custom assistant',
      remove: () => assistantsApi.remove(assistant.id),
      done: () => navigate(LIST),
    });

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 320px', minWidth: 0 }}>
          <Tooltip title="Back">
            <IconButton aria-label="Back" onClick={() => void navigate(LIST)}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Typography variant="h2" component="h1" sx={{ wordBreak: 'break-word' }}>
            {saved.name || 'Custom assistant'}
          </Typography>
        </Box>
        {canDelete && (
          <Tooltip title="Delete assistant">
            <IconButton aria-label="Delete assistant" color="error" onClick={() => void remove()}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        {canSave && (
          <Button
            variant="contained"
            startIcon={<SaveOutlinedIcon />}
            disabled={saving}
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : 'Save Assistant'}
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack
          spacing={2}
          component="form"
          aria-label="Assistant settings"
          onSubmit={(e) => e.preventDefault()}
        >
          <TextField
            label="Name"
            required
            size="small"
            fullWidth
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
          />
          <ChatModelSection
            models={components.chatModels}
            value={draft.chatModel}
            onChange={(chatModel) => change({ chatModel })}
          />
          <InstructionsSection
            value={draft.instruction}
            chatModel={selectedChatModel(draft)}
            chatModelProblem={modelProblem}
            onChange={(instruction) => change({ instruction })}
          />
          <KnowledgeSection
            options={storeOptions}
            value={draft.documentStores}
            onChange={(documentStores) => change({ documentStores })}
          />
          <ToolsSection
            tools={components.tools}
            value={draft.tools}
            onChange={(tools) => change({ tools })}
          />
        </Stack>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 16 }, height: { md: 'calc(100vh - 160px)' } }}>
          <AssistantPlayground flowId={flowId} dirty={dirty} canSave={canSave} ensureSaved={ensureSaved} />
        </Box>
      </Box>
    </Box>
  );
}
