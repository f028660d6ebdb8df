import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { CredentialSelect } from './CredentialSelect';
import { activeProvider, providerColumn, readColumn, type Json } from './flowSettings';
import { SectionForm } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** A provider a settings column can switch on; its credential type decides the credentials offered. */
export interface ProviderOption {
  id: string;
  label: string;
  credentialName: string;
}

/** A stored setting as the text of its field ('' when there is none). */
export const settingText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The form of a provider column (Speech to Text, Text to Speech): the provider picker (or None), the
 * chosen provider's credential and its own `fields`. Saves the column with that provider on and
 * every other off, each keeping its settings; it cannot be saved on without a credential.
 */
export function ProviderSettingsForm<P extends ProviderOption>({
  flow,
  save,
  column,
  label,
  providers,
  savedMessage,
  toSaved = (settings) => settings,
  fields,
}: SectionProps & {
  column: 'speechToText' | 'textToSpeech';
  /** The label of the provider picker. */
  label: string;
  providers: readonly P[];
  savedMessage: string;
  /** The chosen provider's settings as stored, from the form's values (without `status`). */
  toSaved?: (settings: Json, provider: P) => Json;
  /** The chosen provider's own fields, shown below its credential. */
  fields: (provider: P, values: Json, set: (field: string, value: unknown) => void) => ReactNode;
}) {
  const stored = readColumn(flow, column);
  const [chosen, setChosen] = useState(activeProvider(stored));
  const [values, setValues] = useState<Json>(() => ({ ...((stored[chosen] ?? {}) as Json) }));
  const provider = providers.find((p) => p.id === chosen);
  const credentialId = settingText(values.credentialId);

  const choose = (id: string) => {
    setChosen(id);
    setValues({ ...((stored[id] ?? {}) as Json) });
  };
  const set = (field: string, value: unknown) => setValues((current) => ({ ...current, [field]: value }));
  const onSave = () => {
    const { status: _status, ...settings } = values;
    const next = providerColumn(stored, chosen, provider ? toSaved(settings, provider) : {});
    return save({ [column]: JSON.stringify(next) }, savedMessage);
  };

  return (
    <SectionForm onSave={onSave} disabled={provider !== undefined && !credentialId}>
      <TextField select label={label} value={chosen} onChange={(event) => choose(event.target.value)}>
        <MenuItem value="none">None</MenuItem>
        {providers.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      {provider && (
        <>
          <CredentialSelect
            credentialName={provider.credentialName}
            value={credentialId}
            onChange={(id) => set('credentialId', id)}
          />
          {fields(provider, values, set)}
        </>
      )}
    </SectionForm>
  );
}
