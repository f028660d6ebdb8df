import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DEFAULT_FOLLOW_UP_PROMPT } from '@flowloom/shared';
import { useState } from 'react';
import { CredentialSelect } from './CredentialSelect';
import { readColumn, withKey, type Json } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

interface Provider {
  id: string;
  label: string;
  credentialName?: string;
  defaultModel: string;
  temperature: number;
  baseUrl?: string;
}

/** The models that can suggest follow-up questions (each asked through our chat-model node of that name). */
export const FOLLOW_UP_PROVIDERS: readonly Provider[] = [
  {
    id: 'chatAnthropic',
    label: 'Anthropic Claude',
    credentialName: 'anthropicApi',
    defaultModel: 'claude-3-5-haiku-latest',
    temperature: 0.9,
  },
  {
    id: 'azureChatOpenAI',
    label: 'Azure ChatOpenAI',
    credentialName: 'azureOpenAIApi',
    defaultModel: 'gpt-4o-mini',
    temperature: 0.9,
  },
  {
    id: 'chatGoogleGenerativeAI',
    label: 'Google Gemini',
    credentialName: 'googleGenerativeAI',
    defaultModel: 'gemini-2.0-flash',
    temperature: 0.9,
  },
  {
    id: 'groqChat',
    label: 'Groq',
    credentialName: 'groqApi',
    defaultModel: 'llama-3.3-70b-versatile',
    temperature: 0.9,
  },
  {
    id: 'chatMistralAI',
    label: 'Mistral AI',
    credentialName: 'mistralAIApi',
    defaultModel: 'mistral-small-latest',
    temperature: 0.9,
  },
  {
    id: 'chatOpenAI',
    label: 'OpenAI',
    credentialName: 'openAIApi',
    defaultModel: 'gpt-4o-mini',
    temperature: 0.9,
  },
  {
    id: 'ollama',
    label: 'Ollama',
    defaultModel: 'llama3.2-vision:latest',
    temperature: 0.7,
    baseUrl: 'http://127.0.0.1:11434',
  },
];

interface ProviderDraft {
  credentialId: string;
  modelName: string;
  prompt: string;
  temperature: string;
  baseUrl: string;
}

const str = (value: unknown, fallback = '') =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;

function draftOf(stored: Json, provider: Provider): ProviderDraft {
  const saved = (stored[provider.id] ?? {}) as Json;
  return {
    credentialId: str(saved.credentialId),
    modelName: str(saved.modelName, provider.defaultModel),
    prompt: str(saved.prompt, DEFAULT_FOLLOW_UP_PROMPT),
    temperature: str(saved.temperature, String(provider.temperature)),
    baseUrl: str(saved.baseUrl, provider.baseUrl ?? ''),
  };
}

/**
 * Follow-up Prompts: `chatbotConfig.followUpPrompts.status` (the chat shows them) and the
 * `followUpPrompts` column (which model suggests them). Empty prompt and temperature fall back to
 * the defaults on save.
 */
export function FollowUpPromptsSection({ flow, save }: SectionProps) {
  const stored = readColumn(flow, 'followUpPrompts');
  const [status, setStatus] = useState(stored.status === true);
  const [selected, setSelected] = useState(
    FOLLOW_UP_PROVIDERS.find((p) => p.id === stored.selectedProvider) ?? FOLLOW_UP_PROVIDERS[5]!,
  );
  const [draft, setDraft] = useState<ProviderDraft>(() => draftOf(stored, selected));
  const set = (patch: Partial<ProviderDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const choose = (id: string) => {
    const provider = FOLLOW_UP_PROVIDERS.find((p) => p.id === id)!;
    setSelected(provider);
    setDraft(draftOf(stored, provider));
  };
  const missingCredential = status && selected.credentialName !== undefined && !draft.credentialId;
  const onSave = () => {
    const settings: Json = {
      ...(selected.credentialName && { credentialId: draft.credentialId }),
      modelName: draft.modelName.trim() || selected.defaultModel,
      prompt: draft.prompt.trim() ? draft.prompt : DEFAULT_FOLLOW_UP_PROMPT,
      temperature: draft.temperature.trim() ? Number(draft.temperature) : selected.temperature,
      ...(selected.baseUrl !== undefined && { baseUrl: draft.baseUrl.trim() || selected.baseUrl }),
    };
    return save(
      {
        ...withKey(flow, 'chatbotConfig', { followUpPrompts: { status } }),
        followUpPrompts: JSON.stringify({
          ...stored,
          status,
          selectedProvider: selected.id,
          [selected.id]: settings,
        }),
      },
      'Follow-up Prompts configuration saved',
    );
  };
  return (
    <SectionForm onSave={onSave} disabled={missingCredential}>
      <SectionSwitch label="Enable Follow-up Prompts" checked={status} onChange={setStatus} />
      {status && (
        <>
          <TextField
            select
            label="Providers"
            value={selected.id}
            onChange={(event) => choose(event.target.value)}
          >
            {FOLLOW_UP_PROVIDERS.map((provider) => (
              <MenuItem key={provider.id} value={provider.id}>
                {provider.label}
              </MenuItem>
            ))}
          </TextField>
          {selected.credentialName && (
            <CredentialSelect
              credentialName={selected.credentialName}
              value={draft.credentialId}
              onChange={(credentialId) => set({ credentialId })}
            />
          )}
          {selected.baseUrl !== undefined && (
            <TextField
              label="Base URL"
              value={draft.baseUrl}
              onChange={(event) => set({ baseUrl: event.target.value })}
            />
          )}
          <TextField
            label="Model Name"
            value={draft.modelName}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(event) => set({ modelName: event.target.value })}
          />
          <TextField
            label="Prompt"
            multiline
            minRows={3}
            helperText="{history} is replaced by the answer the questions follow."
            value={draft.prompt}
            slotProps={{ htmlInput: { maxLength: 10_000 } }}
            onChange={(event) => set({ prompt: event.target.value })}
          />
          <TextField
            label="Temperature"
            type="number"
            value={draft.temperature}
            slotProps={{ htmlInput: { step: 0.1, min: 0, max: 2 } }}
            onChange={(event) => set({ temperature: event.target.value })}
          />
        </>
      )}
    </SectionForm>
  );
}
