import { useState } from 'react';
import { readColumn, withKey } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** Chat Feedback: `chatbotConfig.chatFeedback` (thumbs up/down on answers). */
export function ChatFeedbackSection({ flow, save }: SectionProps) {
  const stored = readColumn(flow, 'chatbotConfig').chatFeedback as { status?: boolean } | undefined;
  const [status, setStatus] = useState(stored?.status === true);
  return (
    <SectionForm
      onSave={() =>
        save(withKey(flow, 'chatbotConfig', { chatFeedback: { status } }), 'Chat Feedback Settings Saved')
      }
    >
      <SectionSwitch label="Enable chat feedback" checked={status} onChange={setStatus} />
    </SectionForm>
  );
}
