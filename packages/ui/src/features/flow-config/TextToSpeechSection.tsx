import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNotify } from '../notifications/useNotify';
import { flowConfigApi } from './flowConfigApi';
import type { Json } from './flowSettings';
import { ProviderSettingsForm, settingText, type ProviderOption } from './ProviderSettingsForm';
import { SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

interface TtsProvider extends ProviderOption {
  defaultVoice: string;
}

/** Text to speech through OpenAI-compatible speech endpoints. */
export const TTS_PROVIDERS: readonly TtsProvider[] = [
  { id: 'openai', label: 'OpenAI TTS', credentialName: 'openAIApi', defaultVoice: 'alloy' },
];

const SAMPLE = 'Today is a wonderful day to build something with Flowloom!';

const voiceOf = (values: Json, provider: TtsProvider) => settingText(values.voice) || provider.defaultVoice;

/** Text to Speech: the `textToSpeech` column; the chat can read answers aloud. */
export function TextToSpeechSection(props: SectionProps) {
  return (
    <ProviderSettingsForm
      {...props}
      column="textToSpeech"
      label="Text To Speech Provider"
      providers={TTS_PROVIDERS}
      savedMessage="Text To Speech Configuration Saved"
      toSaved={(settings, provider) => ({
        ...settings,
        voice: voiceOf(settings, provider),
        autoPlay: settings.autoPlay === true,
      })}
      fields={(provider, values, set) => <VoiceFields provider={provider} values={values} set={set} />}
    />
  );
}

/** The provider's voices (as its credential may use them), auto-play, and a sample to listen to. */
function VoiceFields({
  provider,
  values,
  set,
}: {
  provider: TtsProvider;
  values: Json;
  set: (field: string, value: unknown) => void;
}) {
  const notify = useNotify();
  const [voices, setVoices] = useState<{ id: string; name: string }[]>([]);
  const [testing, setTesting] = useState(false);
  const credentialId = settingText(values.credentialId);
  const voice = voiceOf(values, provider);

  useEffect(() => {
    let cancelled = false;
    flowConfigApi.voices(provider.id, credentialId || undefined).then(
      (list) => !cancelled && setVoices(list),
      () => !cancelled && setVoices([]),
    );
    return () => {
      cancelled = true;
    };
  }, [provider, credentialId]);

  const testVoice = async () => {
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
    <>
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
  );
}
