import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import type { AssistantComponent } from '@flowloom/shared';
import { useState } from 'react';
import { useNotify } from '../../notifications/useNotify';
import { BuilderSection } from './BuilderSection';
import { GenerateInstructionsDialog } from './GenerateInstructionsDialog';

/** The assistant's instructions (its system message), with a writer that drafts them from a task. */
export function InstructionsSection({
  value,
  chatModel,
  chatModelProblem,
  onChange,
}: {
  value: string;
  /** The model that writes instructions: the assistant's own, once chosen. */
  chatModel: AssistantComponent | undefined;
  /** Why the model cannot be asked yet (e.g. its credential is missing). */
  chatModelProblem: string | undefined;
  onChange: (instructions: string) => void;
}) {
  const [generating, setGenerating] = useState(false);
  const notify = useNotify();
  const openWriter = () => {
    if (!chatModel || chatModelProblem) {
      notify.error(chatModelProblem ?? 'Choose a chat model first: it writes the instructions.', {
        variant: 'warning',
      });
      return;
    }
    setGenerating(true);
  };
  return (
    <BuilderSection
      title="Instructions"
      required
      hint="What the assistant is for and how it behaves: its system message."
      action={
        <Button size="small" startIcon={<AutoAwesomeOutlinedIcon />} onClick={openWriter}>
          Generate
        </Button>
      }
    >
      <TextField
        fullWidth
        multiline
        minRows={5}
        maxRows={16}
        label="Instructions"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {generating && chatModel && (
        <GenerateInstructionsDialog
          chatModel={chatModel}
          onClose={() => setGenerating(false)}
          onGenerated={(instructions) => {
            onChange(instructions);
            setGenerating(false);
          }}
        />
      )}
    </BuilderSection>
  );
}
