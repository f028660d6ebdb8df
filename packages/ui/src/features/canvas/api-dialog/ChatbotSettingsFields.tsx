import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHATBOT_LIMITS, type ChatbotSettings } from '@flowloom/shared';

type Group = 'botMessage' | 'userMessage' | 'textInput';
/** Where a field's value is: a key of the settings, or a key of one of its groups. */
type At = readonly [Exclude<keyof ChatbotSettings, Group>] | readonly [Group, string];

interface Field {
  kind: 'color' | 'text' | 'multiline' | 'flag' | 'fontSize';
  label: string;
  at: At;
  placeholder?: string;
  /** Offered only on agent canvases, or only for flows with session memory. */
  only?: 'agentCanvas' | 'sessionMemory';
}

const messageFields = (who: 'botMessage' | 'userMessage'): Field[] => [
  { kind: 'color', label: 'Background Color', at: [who, 'backgroundColor'] },
  { kind: 'color', label: 'Text Color', at: [who, 'textColor'] },
  { kind: 'text', label: 'Avatar Link', at: [who, 'avatarSrc'] },
  { kind: 'flag', label: 'Show Avatar', at: [who, 'showAvatar'] },
];

/** The Share Chatbot form (SHARING.md §3.2), section by section, labelled as in Flowise. */
const SECTIONS: readonly { title: string; fields: readonly Field[] }[] = [
  {
    title: 'Title Settings',
    fields: [
      { kind: 'text', label: 'Title', at: ['title'], placeholder: 'Flowloom Assistant' },
      { kind: 'text', label: 'Title Avatar Link', at: ['titleAvatarSrc'] },
      { kind: 'color', label: 'Title Background Color', at: ['titleBackgroundColor'] },
      { kind: 'color', label: 'Title TextColor', at: ['titleTextColor'] },
    ],
  },
  {
    title: 'General Settings',
    fields: [
      { kind: 'multiline', label: 'Welcome Message', at: ['welcomeMessage'] },
      { kind: 'multiline', label: 'Error Message', at: ['errorMessage'] },
      { kind: 'color', label: 'Background Color', at: ['backgroundColor'] },
      { kind: 'fontSize', label: 'Font Size', at: ['fontSize'] },
      { kind: 'color', label: 'PoweredBy TextColor', at: ['poweredByTextColor'] },
      {
        kind: 'flag',
        label: 'Show agent reasonings when using Agentflow',
        at: ['showAgentMessages'],
        only: 'agentCanvas',
      },
      { kind: 'flag', label: 'Render HTML on the chat', at: ['renderHTML'] },
      {
        kind: 'flag',
        label: 'Start new session when chatbot link is opened or refreshed',
        at: ['generateNewSession'],
        only: 'sessionMemory',
      },
    ],
  },
  { title: 'Bot Message', fields: messageFields('botMessage') },
  { title: 'User Message', fields: messageFields('userMessage') },
  {
    title: 'Text Input',
    fields: [
      { kind: 'color', label: 'Background Color', at: ['textInput', 'backgroundColor'] },
      { kind: 'color', label: 'Text Color', at: ['textInput', 'textColor'] },
      {
        kind: 'text',
        label: 'TextInput Placeholder',
        at: ['textInput', 'placeholder'],
        placeholder: 'Type question..',
      },
      { kind: 'color', label: 'TextInput Send Button Color', at: ['textInput', 'sendButtonColor'] },
    ],
  },
];

function valueAt(settings: ChatbotSettings, at: At): unknown {
  if (at.length === 1) return settings[at[0]];
  const [group, key] = at;
  return (settings[group] as Record<string, unknown>)[key];
}

function withValue(settings: ChatbotSettings, at: At, value: unknown): ChatbotSettings {
  if (at.length === 1) return { ...settings, [at[0]]: value };
  const [group, key] = at;
  return { ...settings, [group]: { ...settings[group], [key]: value } };
}

const HEX = /^#[0-9a-f]{6}$/i;

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'flag':
      return (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
            />
          }
          label={field.label}
        />
      );
    case 'fontSize':
      return (
        <TextField
          size="small"
          type="number"
          label={field.label}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          onChange={(event) => onChange(Number(event.target.value))}
          slotProps={{ htmlInput: { min: CHATBOT_LIMITS.minFontSize, max: CHATBOT_LIMITS.maxFontSize } }}
        />
      );
    case 'color':
      return (
        <TextField
          size="small"
          label={field.label}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: CHATBOT_LIMITS.colorChars },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={`${field.label} picker`}
                    value={HEX.test(text) ? text : '#000000'}
                    onChange={(event) => onChange(event.target.value)}
                    sx={{ width: 24, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      );
    case 'text':
    case 'multiline':
      return (
        <TextField
          size="small"
          label={field.label}
          value={text}
          placeholder={field.placeholder}
          multiline={field.kind === 'multiline'}
          minRows={field.kind === 'multiline' ? 2 : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** The fields of the chat's look, grouped in sections; each change gives the new settings. */
export function ChatbotSettingsFields({
  settings,
  onChange,
  agentCanvas,
  sessionMemory,
}: {
  settings: ChatbotSettings;
  onChange: (update: (current: ChatbotSettings) => ChatbotSettings) => void;
  agentCanvas: boolean;
  sessionMemory: boolean;
}) {
  const offered = { agentCanvas, sessionMemory };
  return SECTIONS.map((section) => (
    <Box key={section.title} component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Typography variant="h5" component="h3">
        {section.title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.25 }}>
        {section.fields
          .filter((field) => !field.only || offered[field.only])
          .map((field) => (
            <FieldInput
              key={field.at.join('.')}
              field={field}
              value={valueAt(settings, field.at)}
              onChange={(value) => onChange((current) => withValue(current, field.at, value))}
            />
          ))}
      </Box>
    </Box>
  ));
}
