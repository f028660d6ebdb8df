import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { readColumn, withKey } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

interface LeadsDraft {
  status: boolean;
  title: string;
  successMessage: string;
  name: boolean;
  email: boolean;
  phone: boolean;
}

/** Leads: `chatbotConfig.leads`, the contact form the chat shows before the first question. */
export function LeadsSection({ flow, save }: SectionProps) {
  const stored = (readColumn(flow, 'chatbotConfig').leads ?? {}) as Partial<LeadsDraft>;
  const [draft, setDraft] = useState<LeadsDraft>({
    status: stored.status === true,
    title: stored.title ?? '',
    successMessage: stored.successMessage ?? '',
    name: stored.name === true,
    email: stored.email === true,
    phone: stored.phone === true,
  });
  const set = (patch: Partial<LeadsDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const noField = draft.status && !draft.name && !draft.email && !draft.phone;
  const onSave = () => {
    const { title, successMessage, ...rest } = draft;
    return save(
      withKey(flow, 'chatbotConfig', {
        leads: { ...rest, ...(title && { title }), ...(successMessage && { successMessage }) },
      }),
      'Leads configuration Saved',
    );
  };
  return (
    <SectionForm onSave={onSave} disabled={noField}>
      <SectionSwitch
        label="Enable Lead Capture"
        checked={draft.status}
        onChange={(status) => set({ status })}
      />
      {draft.status && (
        <>
          <TextField
            label="Form Title"
            multiline
            placeholder={'Hey 👋 thanks for your interest!\nLet us know where we can reach you'}
            value={draft.title}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            onChange={(event) => set({ title: event.target.value })}
          />
          <TextField
            label="Message after lead captured"
            multiline
            placeholder={'Thank you!\nWhat can I do for you?'}
            value={draft.successMessage}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            onChange={(event) => set({ successMessage: event.target.value })}
          />
          <FormLabel component="legend">Form fields</FormLabel>
          <FormGroup>
            <SectionSwitch label="Name" checked={draft.name} onChange={(name) => set({ name })} />
            <SectionSwitch label="Email Address" checked={draft.email} onChange={(email) => set({ email })} />
            <SectionSwitch label="Phone" checked={draft.phone} onChange={(phone) => set({ phone })} />
          </FormGroup>
          {noField && <FormLabel error>Turn on at least one form field.</FormLabel>}
        </>
      )}
    </SectionForm>
  );
}
