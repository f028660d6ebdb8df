import { useState } from 'react';
import { readColumn, starterPromptRows, starterPromptsValue, withKey } from './flowSettings';
import { ListRowsInput } from './ListRowsInput';
import { SectionForm } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** Starter Prompts: `chatbotConfig.starterPrompts` as `{"0":{prompt}}`, shown on an empty chat. */
export function StarterPromptsSection({ flow, save }: SectionProps) {
  const [rows, setRows] = useState(() => {
    const stored = starterPromptRows(readColumn(flow, 'chatbotConfig').starterPrompts);
    return stored.length > 0 ? stored : [''];
  });
  const onSave = () =>
    save(
      withKey(flow, 'chatbotConfig', { starterPrompts: starterPromptsValue(rows) }),
      'Conversation Starter Prompts Saved',
    );
  return (
    <SectionForm
      onSave={onSave}
      note="Starter prompts will only be shown when there are no messages on the chat"
    >
      <ListRowsInput
        label="Prompt"
        rows={rows}
        onChange={setRows}
        placeholder="What can you help me with?"
        maxLength={1000}
        maxRows={50}
      />
    </SectionForm>
  );
}
