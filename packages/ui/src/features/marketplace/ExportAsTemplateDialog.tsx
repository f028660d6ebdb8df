import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { templateTypeOfFlow, type CreateCustomTemplateBody } from '@flowloom/shared';
import { useState, type KeyboardEvent } from 'react';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
import { useNotify } from '../notifications/useNotify';
import { marketplaceApi } from './marketplaceApi';

/** A saved flow to export: its id, name and chatflow type (CHATFLOW, AGENTFLOW, MULTIAGENT…). */
export interface ExportedFlow {
  id: string;
  name: string;
  type: string;
}

/** A tool to export, as the tool dialog holds it (`schema` may be the dialog's argument rows). */
export interface ExportedTool {
  name: string;
  description?: string | null;
  iconSrc?: string | null;
  schema?: string | readonly object[] | null;
  func?: string | null;
}

export type ExportAsTemplateDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called after a successful save. */
  onSaved?: () => void;
} & ({ flow: ExportedFlow; tool?: undefined } | { tool: ExportedTool; flow?: undefined });

/**
 * "Export As Template" (SHARING.md §1.5): saves a flow (by id) or a tool as a custom template of
 * the workspace, with a name, description, badge and use cases.
 */
export function ExportAsTemplateDialog(props: ExportAsTemplateDialogProps) {
  if (!props.open) return null;
  return <ExportForm {...props} />;
}

function ExportForm({ onClose, onSaved, flow, tool }: ExportAsTemplateDialogProps) {
  const notify = useNotify();
  const { busy, run } = useSubmit();
  const [name, setName] = useState(flow?.name ?? tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [badge, setBadge] = useState('');
  const [usecase, setUsecase] = useState('');
  const [usecases, setUsecases] = useState<string[]>([]);

  const addUsecase = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const value = usecase.trim();
    if (value && !usecases.includes(value)) setUsecases([...usecases, value]);
    setUsecase('');
  };

  const save = () => {
    if (!name.trim()) {
      notify.error('Template Name is mandatory!');
      return;
    }
    const body: CreateCustomTemplateBody = {
      name: name.trim(),
      description,
      usecases,
      ...(badge.trim() && { badge: badge.trim().toUpperCase() }),
      ...(flow
        ? { type: templateTypeOfFlow(flow.type), chatflowId: flow.id }
        : {
            type: 'Tool' as const,
            tool: {
              iconSrc: tool?.iconSrc ?? null,
              schema: (tool?.schema ?? null) as NonNullable<CreateCustomTemplateBody['tool']>['schema'],
              func: tool?.func ?? null,
            },
          }),
    };
    void run(
      async () => {
        await marketplaceApi.saveCustom(body);
        notify.success('Saved as template successfully!');
        onSaved?.();
        onClose();
      },
      (error) => notify.error(error, { prefix: 'Failed to save as template! ' }),
    );
  };

  return (
    <FormDialog
      title="Export As Template"
      submitLabel="Save Template"
      busy={busy}
      onClose={onClose}
      onSubmit={save}
    >
      <TextField label="Name *" value={name} onChange={(e) => setName(e.target.value)} autoFocus fullWidth />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={3}
        fullWidth
      />
      <TextField
        label="Badge"
        placeholder="e.g. NEW or POPULAR"
        value={badge}
        onChange={(e) => setBadge(e.target.value)}
        fullWidth
      />
      <div>
        <TextField
          label="Usecases"
          value={usecase}
          onChange={(e) => setUsecase(e.target.value)}
          onKeyDown={addUsecase}
          helperText="Type a usecase and press enter to add it to the list. You can add as many items as you want."
          fullWidth
        />
        {usecases.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }} aria-label="Usecases added">
            {usecases.map((u) => (
              <Chip key={u} label={u} onDelete={() => setUsecases(usecases.filter((x) => x !== u))} />
            ))}
          </Box>
        )}
        {flow && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            The template keeps the saved version of the flow, without credentials, passwords or files.
          </Typography>
        )}
      </div>
    </FormDialog>
  );
}
