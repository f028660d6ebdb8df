import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { readColumn, withKey } from './flowSettings';
import { ListRowsInput } from './ListRowsInput';
import { SectionForm } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** Allowed Domains: `chatbotConfig.allowedOrigins` and `.allowedOriginsError` (SHARING.md §5). */
export function AllowedDomainsSection({ flow, save }: SectionProps) {
  const chatbot = readColumn(flow, 'chatbotConfig');
  const [origins, setOrigins] = useState<string[]>(
    Array.isArray(chatbot.allowedOrigins) ? chatbot.allowedOrigins.map(String) : [''],
  );
  const [message, setMessage] = useState(
    typeof chatbot.allowedOriginsError === 'string' ? chatbot.allowedOriginsError : '',
  );
  const onSave = () =>
    save(
      withKey(flow, 'chatbotConfig', {
        allowedOrigins: origins.length > 0 ? origins : [''],
        allowedOriginsError: message,
      }),
      'Allowed Origins Saved',
    );
  return (
    <SectionForm
      onSave={onSave}
      note="Only these sites may use the chatbot and its run API from a browser. Leave the list empty to allow every site."
    >
      <ListRowsInput
        label="Domain"
        rows={origins}
        onChange={setOrigins}
        placeholder="https://example.com"
        maxLength={2048}
        maxRows={100}
      />
      <TextField
        label="Error Message"
        placeholder="Unauthorized domain!"
        value={message}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        onChange={(event) => setMessage(event.target.value)}
      />
    </SectionForm>
  );
}
