import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNotify } from '../notifications/useNotify';
import { CredentialSelect } from './CredentialSelect';
import { flowConfigApi } from './flowConfigApi';
import { activeProvider, providerColumn, readColumn, type Json } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** Text to speech through OpenAI-compatible speech endpoints. */
export const TTS_PROVIDERS = [
  { id: 'openai', label: 'OpenAI TTS', credentialName: 'openAIApi', defaultVoice: 'alloy' },
];

const SAMPLE = 'Today is a wonderful day to build something with Flowloom!';
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** Text to Speech: the `textToSpeech` column; the chat can read answers aloud. */
export function TextToSpeechSection({ flow, save }: SectionProps) {
  const notify = useNotify();
  const stored = readColumn(flow, 'textToSpeech');
  const [chosen, setChosen] = useState(activeProvider(stored));
  const [values, setValues] = useState<Json>(() => ({ ...((stored[chosen] ?? {}) as Json) }));
  const [voices, setVoices] = useState<{ id: string; name: string }[]>([]);
  const [testing, setTesting] = useState(false);
  const provider = TTS_PROVIDERS.find((p) => p.id === chosen);
  const credentialId = asText(values.credentialId);
  const voice = asText(values.voice) || provider?.defaultVoice || '';

  useEffect(() => {
    if (!provider) return;
    let cancelled = false;
    flowConfigApi.voices(provider.id, credentialId || undefined).then(
      (list) => !cancelled && setVoices(list),
      () => !cancelled && setVoices([]),
    );
    return () => {
      cancelled = true;
    };
  }, [provider, credentialId]);

  const choose = (id: string) => {
    setChosen(id);
    setValues({ ...((stored[id] ?? {}) as Json) });
  };
  const set = (field: string, value: unknown) => setValues((current) => ({ ...current, [field]: value }));
  const onSave = () => {
    const { status: _status, ...settings } = values;
    return save(
      {
        textToSpeech: JSON.stringify(
          providerColumn(
            stored,
            chosen,
            chosen === 'none' ? {} : { ...settings, voice, autoPlay: values.autoPlay === true },
          ),
        ),
      },
      'Text To Speech Configuration Saved',
    );
  };
  const testVoice = async () => {
    if (!provider) return;
    setTesting(true);
    try {
      const audio = await flowConfigApi.testVoice({
        provider: provider.id,
        credentialId,
        voice,
        text: SAMPLE,
      });
      await new Audio(URL.createObjectURL(audio)).play();
    } catch (error) {
      notify.error(error, { prefix: 'Test voice failed: ' });
    } finally {
      setTesting(false);
    }
  };
  return (
    <SectionForm onSave={onSave} disabled={provider !== undefined && !credentialId}>
      <TextField
        select
        label="Text To Speech Provider"
        value={chosen}
        onChange={(event) => choose(event.target.value)}
      >
        <MenuItem value="none">None</MenuItem>
        {TTS_PROVIDERS.map((p) => (
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
          <TextField
            select
            label="Voice"
            value={voices.some((v) => v.id === voice) ? voice : ''}
            onChange={(event) => set('voice', event.target.value)}
          >
            {voices.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <SectionSwitch
            label="Automatically play audio"
            checked={values.autoPlay === true}
            onChange={(autoPlay) => set('autoPlay', autoPlay)}
          />
          <div>
            <Button variant="outlined" disabled={!credentialId || testing} onClick={() => void testVoice()}>
              Test Voice
            </Button>
          </div>
        </>
      )}
    </SectionForm>
  );
}
