import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { CredentialSelect } from './CredentialSelect';
import { activeProvider, providerColumn, readColumn, type Json } from './flowSettings';
import { SectionForm } from './SectionForm';
import type { SectionProps } from './sectionProps';

type Field = 'baseUrl' | 'language' | 'model' | 'prompt' | 'temperature';

interface SttProvider {
  id: string;
  label: string;
  credentialName: string;
  fields: Field[];
}

/** Speech to text through OpenAI-compatible transcription endpoints. */
export const STT_PROVIDERS: readonly SttProvider[] = [
  {
    id: 'openAIWhisper',
    label: 'OpenAI Whisper',
    credentialName: 'openAIApi',
    fields: ['language', 'prompt', 'temperature'],
  },
  {
    id: 'localAISTT',
    label: 'LocalAi STT',
    credentialName: 'localAIApi',
    fields: ['baseUrl', 'language', 'model', 'prompt', 'temperature'],
  },
  {
    id: 'groqWhisper',
    label: 'Groq Whisper',
    credentialName: 'groqApi',
    fields: ['model', 'language', 'temperature'],
  },
];

const FIELD_LABELS: Record<Field, { label: string; placeholder?: string }> = {
  baseUrl: { label: 'Base URL', placeholder: 'http://localhost:8080/v1' },
  language: { label: 'Language', placeholder: 'en' },
  model: { label: 'Model', placeholder: 'whisper-1' },
  prompt: { label: 'Prompt', placeholder: 'Words the recording is likely to contain' },
  temperature: { label: 'Temperature', placeholder: '0' },
};

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Speech to Text: the `speechToText` column; the chat's recordings become questions. */
export function SpeechToTextSection({ flow, save }: SectionProps) {
  const stored = readColumn(flow, 'speechToText');
  const [chosen, setChosen] = useState(activeProvider(stored));
  const [values, setValues] = useState<Json>(() => ({ ...((stored[chosen] ?? {}) as Json) }));
  const provider = STT_PROVIDERS.find((p) => p.id === chosen);
  const choose = (id: string) => {
    setChosen(id);
    setValues({ ...((stored[id] ?? {}) as Json) });
  };
  const set = (field: string, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const onSave = () => {
    const { status: _status, ...settings } = values;
    return save(
      { speechToText: JSON.stringify(providerColumn(stored, chosen, chosen === 'none' ? {} : settings)) },
      'Speech To Text Configuration Saved',
    );
  };
  return (
    <SectionForm onSave={onSave} disabled={provider !== undefined && !asText(values.credentialId)}>
      <TextField
        select
        label="Speech To Text Provider"
        value={chosen}
        onChange={(event) => choose(event.target.value)}
      >
        <MenuItem value="none">None</MenuItem>
        {STT_PROVIDERS.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      {provider && (
        <>
          <CredentialSelect
            credentialName={provider.credentialName}
            value={asText(values.credentialId)}
            onChange={(id) => set('credentialId', id)}
          />
          {provider.fields.map((field) => (
            <TextField
              key={field}
              label={FIELD_LABELS[field].label}
              placeholder={FIELD_LABELS[field].placeholder}
              type={field === 'temperature' ? 'number' : 'text'}
              value={asText(values[field])}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              onChange={(event) => set(field, event.target.value)}
            />
          ))}
        </>
      )}
    </SectionForm>
  );
}
