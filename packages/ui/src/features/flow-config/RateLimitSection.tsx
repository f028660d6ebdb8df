import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { readColumn, rateLimitValue, withKey, type RateLimitDraft } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Rate Limit: `apiConfig.rateLimit` (requests per window of the run API, FLOWISE_API.md §1.1). */
export function RateLimitSection({ flow, save }: SectionProps) {
  const stored = (readColumn(flow, 'apiConfig').rateLimit ?? {}) as Record<string, unknown>;
  const [draft, setDraft] = useState<RateLimitDraft>({
    status: stored.status === true,
    limitMax: text(stored.limitMax),
    limitDuration: text(stored.limitDuration),
    limitMsg: text(stored.limitMsg),
  });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<RateLimitDraft>) => {
    setError(null);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const onSave = async () => {
    const result = rateLimitValue(draft);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    await save(withKey(flow, 'apiConfig', { rateLimit: result.value }), 'Rate Limit Configuration Saved');
  };
  return (
    <SectionForm onSave={onSave}>
      <SectionSwitch
        label="Enable Rate Limit"
        checked={draft.status}
        onChange={(status) => set({ status })}
      />
      {draft.status && (
        <>
          <TextField
            label="Message Limit per Duration"
            type="number"
            placeholder="5"
            value={draft.limitMax}
            onChange={(event) => set({ limitMax: event.target.value })}
          />
          <TextField
            label="Duration in Second"
            type="number"
            placeholder="60"
            value={draft.limitDuration}
            onChange={(event) => set({ limitDuration: event.target.value })}
          />
          <TextField
            label="Limit Message"
            placeholder="You have reached the quota"
            value={draft.limitMsg}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            onChange={(event) => set({ limitMsg: event.target.value })}
          />
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </SectionForm>
  );
}
