import Box from '@mui/material/Box';
import type { NodeDefinition } from '@flowloom/shared';
import { BuilderSection } from './BuilderSection';
import { ComponentForm } from './ComponentForm';
import { ComponentSelect } from './ComponentSelect';
import { newComponent, type ComponentDraft } from './assistantDraft';

/** The chat model the assistant answers with, and its settings and credential. */
export function ChatModelSection({
  models,
  value,
  onChange,
}: {
  models: readonly NodeDefinition[];
  value: ComponentDraft | null;
  onChange: (draft: ComponentDraft) => void;
}) {
  return (
    <BuilderSection
      title="Chat Model"
      required
      hint="The model that reads the instructions, decides which tools to call and writes the answers. It must support tool calling to use tools and knowledge."
    >
      <ComponentSelect
        label="Select Model"
        options={models}
        value={value?.name}
        onChange={(component) => onChange(newComponent(component))}
      />
      {value && (
        <Box sx={{ mt: 2 }}>
          <ComponentForm offered={models} draft={value} testId="chat-model-form" onChange={onChange} />
        </Box>
      )}
    </BuilderSection>
  );
}
