import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { OPENAI_ASSISTANT_TOOLS, type Assistant, type Credential } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { useAccess } from '../../../app/useAccess';
import { CredentialField } from '../../../components/forms/CredentialField';
import { FormDialog, useSubmit } from '../../../components/forms/FormDialog';
import { credentialsOf } from '../../canvas/inputs/credentialCache';
import { useNotify } from '../../notifications/useNotify';
import { AssistantFilesCard } from './AssistantFilesCard';
import { DeleteOpenAIAssistantDialog } from './DeleteOpenAIAssistantDialog';
import { openAIAssistantsApi } from './openAIAssistantsApi';
import {
  ASSISTANT_MODELS,
  detailsOfDraft,
  draftFromRemote,
  draftProblem,
  storeLabel,
  TOOL_LABELS,
  type OpenAIDraft,
  type OpenAIFile,
  type VectorStore,
} from './openAIDraft';
import { VectorStoreDialog } from './VectorStoreDialog';

export const ASSISTANT_CREDENTIALS = ['openAIApi', 'azureOpenAIApi'] as const;

/** Only http(s) pictures are shown as the icon (never `javascript:` or `data:` text typed in). */
const showableIcon = (src: string) => /^https?:\/\/\S+$/i.test(src.trim());

/**
 * Adding or editing an OpenAI (or Azure OpenAI) assistant: the credential and model, its name,
 * description, icon and instructions, temperature and top P, the code interpreter with its files and
 * file search with its vector store and files. Saving creates or changes it at OpenAI, then here.
 * Editing adds Sync (read it again from OpenAI) and Delete.
 */
export function OpenAIAssistantDialog({
  initial,
  row,
  onClose,
  onSaved,
}: {
  initial: OpenAIDraft;
  /** The assistant kept here, when editing. */
  row?: Assistant | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const access = useAccess();
  const { busy, run } = useSubmit();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState('');
  const [credentials, setCredentials] = useState<Credential[]>([]);
  const [uploading, setUploading] = useState<'code' | 'search' | null>(null);
  const [storeDialog, setStoreDialog] = useState<'add' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const change = (patch: Partial<OpenAIDraft>) => setDraft((current) => ({ ...current, ...patch }));

  useEffect(() => {
    credentialsOf(ASSISTANT_CREDENTIALS, true).then(setCredentials, () => setCredentials([]));
  }, [draft.credential]);
  const kind = credentials.find((c) => c.id === draft.credential)?.credentialName;
  const azure = row ? row.type === 'AZURE' : kind === 'azureOpenAIApi';
  const canSave = access.can(row ? 'assistants:update' : 'assistants:create');

  const save = () =>
    run(
      async () => {
        setError('');
        const problem = draftProblem(draft);
        if (problem) throw new Error(problem);
        const body = {
          credential: draft.credential,
          iconSrc: draft.iconSrc.trim(),
          details: JSON.stringify(detailsOfDraft(draft)),
        };
        if (row) await openAIAssistantsApi.save(row.id, body);
        else await openAIAssistantsApi.create({ ...body, type: azure ? 'AZURE' : 'OPENAI' });
        notify.success(row ? 'Assistant saved' : 'New assistant added');
        onSaved();
      },
      (e) => setError(errorMessage(e, row ? 'Could not save the assistant' : 'Could not add the assistant')),
    );

  const sync = () =>
    run(
      async () => {
        setError('');
        const remote = await openAIAssistantsApi.getRemote(draft.openAIId, draft.credential);
        setDraft((current) => draftFromRemote(remote, current));
        notify.success('Assistant synced from OpenAI');
      },
      (e) => setError(errorMessage(e, 'Could not read the assistant at OpenAI')),
    );

  const upload = async (where: 'code' | 'search', files: File[]) => {
    setUploading(where);
    setError('');
    try {
      if (where === 'code') {
        const added = await openAIAssistantsApi.uploadFiles(draft.credential, files);
        setDraft((current) => ({ ...current, codeFiles: [...current.codeFiles, ...added] }));
      } else if (draft.vectorStore) {
        const added = await openAIAssistantsApi.vectorStores.upload(
          draft.vectorStore.id,
          draft.credential,
          files,
        );
        setDraft((current) => ({ ...current, searchFiles: [...current.searchFiles, ...added] }));
      }
      notify.success(files.length === 1 ? 'File uploaded' : `${files.length} files uploaded`);
    } catch (e) {
      setError(errorMessage(e, 'Could not upload the files'));
    } finally {
      setUploading(null);
    }
  };

  /** Takes a file out of the vector store at once (as Flowise does); on failure it stays listed. */
  const removeSearchFile = async (file: OpenAIFile) => {
    setDraft((current) => ({ ...current, searchFiles: current.searchFiles.filter((f) => f.id !== file.id) }));
    if (!draft.vectorStore) return;
    try {
      await openAIAssistantsApi.vectorStores.removeFiles(draft.vectorStore.id, draft.credential, [file.id]);
    } catch (e) {
      setDraft((current) => ({ ...current, searchFiles: [...current.searchFiles, file] }));
      setError(errorMessage(e, `Could not remove ${file.filename} from the vector store`));
    }
  };

  const toggleTool = (tool: (typeof OPENAI_ASSISTANT_TOOLS)[number], on: boolean) =>
    change({ tools: on ? [...draft.tools, tool] : draft.tools.filter((t) => t !== tool) });

  const needsCredential = draft.credential ? undefined : 'Choose the credential first';
  return (
    <>
      <FormDialog
        title={row ? 'Edit Assistant' : 'Add New Assistant'}
        submitLabel={row ? 'Save' : 'Add'}
        busy={busy || uploading !== null}
        submitDisabled={!canSave || !draft.credential || !draft.model.trim()}
        maxWidth="md"
        onClose={onClose}
        onSubmit={() => void save()}
        secondaryAction={
          row && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button onClick={() => void sync()} disabled={busy || !draft.openAIId || !draft.credential}>
                Sync
              </Button>
              {access.can('assistants:delete') && (
                <Button color="error" onClick={() => setDeleting(true)} disabled={busy}>
                  Delete
                </Button>
              )}
            </Box>
          )
        }
      >
        <CredentialField
          label="OpenAI Credential"
          credentialNames={ASSISTANT_CREDENTIALS}
          description="An OpenAI credential, or an Azure OpenAI one for an assistant of your Azure resource"
          value={draft.credential}
          onChange={(credential) => change({ credential })}
        />
        {!row && kind && (
          <Alert severity="info" sx={{ py: 0 }}>
            {azure
              ? 'An Azure OpenAI credential makes an Azure assistant: the model is the name of a deployment of your resource.'
              : 'The assistant is made in the OpenAI account of this credential.'}
          </Alert>
        )}
        <Autocomplete
          freeSolo
          options={azure ? [] : ASSISTANT_MODELS}
          value={draft.model}
          onInputChange={(_event, model) => change({ model })}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={azure ? 'Deployment Name' : 'Assistant Model'}
              placeholder={azure ? 'my-gpt-4o' : 'gpt-4o'}
            />
          )}
        />
        <TextField
          label="Assistant Name"
          placeholder="My New Assistant"
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 256 } }}
          helperText="At most 256 characters"
        />
        <TextField
          label="Assistant Description"
          placeholder="What the assistant does"
          multiline
          minRows={2}
          value={draft.description}
          onChange={(e) => change({ description: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 512 } }}
          helperText="At most 512 characters"
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar
            src={showableIcon(draft.iconSrc) ? draft.iconSrc.trim() : undefined}
            alt={draft.name || 'Assistant'}
            sx={{ width: 48, height: 48, bgcolor: 'action.hover', color: 'text.secondary' }}
          >
            <SmartToyOutlinedIcon />
          </Avatar>
          <TextField
            fullWidth
            label="Assistant Icon URL"
            placeholder="https://example.com/assistant.png"
            value={draft.iconSrc}
            onChange={(e) => change({ iconSrc: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 2048 } }}
          />
        </Box>
        <TextField
          label="Assistant Instructions"
          placeholder="You are a support agent for our shop. Answer from the manuals and keep answers short."
          multiline
          minRows={4}
          value={draft.instructions}
          onChange={(e) => change({ instructions: e.target.value })}
        />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField
            fullWidth
            label="Temperature"
            type="number"
            value={draft.temperature}
            onChange={(e) => change({ temperature: e.target.value })}
            helperText="0 to 2: higher is more varied"
            slotProps={{ htmlInput: { min: 0, max: 2, step: 0.1 } }}
          />
          <TextField
            fullWidth
            label="Top P"
            type="number"
            value={draft.topP}
            onChange={(e) => change({ topP: e.target.value })}
            helperText="0 to 1: the share of likely words considered"
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.05 } }}
          />
        </Box>
        <Box>
          <FormLabel component="legend">Assistant Tools</FormLabel>
          <FormGroup row>
            {OPENAI_ASSISTANT_TOOLS.map((tool) => (
              <FormControlLabel
                key={tool}
                label={TOOL_LABELS[tool]}
                control={
                  <Checkbox
                    checked={draft.tools.includes(tool)}
                    onChange={(e) => toggleTool(tool, e.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
        {draft.tools.includes('code_interpreter') && (
          <AssistantFilesCard
            title="Code Interpreter Files"
            help="The assistant writes and runs code over these files (data, spreadsheets…) and can make files such as charts"
            files={draft.codeFiles}
            uploading={uploading === 'code'}
            uploadDisabled={needsCredential}
            onUpload={(files) => void upload('code', files)}
            onRemove={(file) => change({ codeFiles: draft.codeFiles.filter((f) => f.id !== file.id) })}
          />
        )}
        {draft.tools.includes('file_search') && (
          <AssistantFilesCard
            title="File Search Files"
            help="The assistant searches these documents (in its vector store) when a question needs them"
            files={draft.searchFiles}
            uploading={uploading === 'search'}
            uploadDisabled={
              needsCredential ?? (draft.vectorStore ? undefined : 'Add a vector store to upload files to')
            }
            onUpload={(files) => void upload('search', files)}
            onRemove={(file) => void removeSearchFile(file)}
          >
            {draft.vectorStore ? (
              <Chip
                label={`Vector store: ${storeLabel(draft.vectorStore)}`}
                color="primary"
                variant="outlined"
                clickable
                onClick={() => setStoreDialog('edit')}
                onDelete={() => change({ vectorStore: null, searchFiles: [] })}
                sx={{ mb: 1.5 }}
              />
            ) : (
              <Button
                variant="outlined"
                fullWidth
                startIcon={<AddIcon />}
                disabled={!draft.credential}
                onClick={() => setStoreDialog('add')}
                sx={{ mb: 1.5 }}
              >
                Add Vector Store
              </Button>
            )}
          </AssistantFilesCard>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </FormDialog>
      {storeDialog && (
        <VectorStoreDialog
          credential={draft.credential}
          store={storeDialog === 'edit' ? draft.vectorStore : null}
          onClose={() => setStoreDialog(null)}
          onChosen={(store: VectorStore, files) => {
            setStoreDialog(null);
            change({ vectorStore: store, ...(files && { searchFiles: files }) });
          }}
          onDeleted={() => {
            setStoreDialog(null);
            change({ vectorStore: null, searchFiles: [] });
          }}
        />
      )}
      {deleting && row && (
        <DeleteOpenAIAssistantDialog
          name={draft.name || 'this assistant'}
          assistantId={row.id}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            onSaved();
          }}
        />
      )}
    </>
  );
}
