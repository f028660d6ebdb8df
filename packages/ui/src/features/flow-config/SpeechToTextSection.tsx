import TextField from '@mui/material/TextField';
import { ProviderSettingsForm, settingText, type ProviderOption } from './ProviderSettingsForm';
import type { SectionProps } from './sectionProps';

type Field = 'baseUrl' | 'language' | 'model' | 'prompt' | 'temperature';

interface SttProvider extends ProviderOption {
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

/** Speech to Text: the `speechToText` column; the chat's recordings become questions. */
export function SpeechToTextSection(props: SectionProps) {
  return (
    <ProviderSettingsForm
      {...props}
      column="speechToText"
      label="Speech To Text Provider"
      providers={STT_PROVIDERS}
      savedMessage="Speech To Text Configuration Saved"
      fields={(provider, values, set) =>
        provider.fields.map((field) => (
          <TextField
            key={field}
            label={FIELD_LABELS[field].label}
            placeholder={FIELD_LABELS[field].placeholder}
            type={field === 'temperature' ? 'number' : 'text'}
            value={settingText(values[field])}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            onChange={(event) => set(field, event.target.value)}
          />
        ))
      }
    />
  );
}
