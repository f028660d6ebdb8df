import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  chatbotSettingsOf,
  chatbotSettingsProblem,
  mergeChatbotSettings,
  parseChatbotConfig,
  type Chatflow,
  type ChatbotSettings,
  type MessageStyle,
} from '@flowloom/shared';
import { useState, type ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../notifications/useNotify';
import { apiDialogApi } from './apiDialogApi';
import { ChatbotPreview } from './ChatbotPreview';

const HEX = /^#[0-9a-f]{6}$/i;

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: 64 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                aria-label={`${label} picker`}
                value={HEX.test(value) ? value : '#000000'}
                onChange={(event) => onChange(event.target.value)}
                sx={{ width: 24, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function Text({
  label,
  value,
  onChange,
  placeholder,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  multiline?: boolean;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      placeholder={placeholder}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function Flag({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
      <Typography variant="h5" component="h3">
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.25 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The public page's link, its Make Public switch, and the form + live preview of its look. */
export function ShareChatbotTab({
  chatflow,
  agentCanvas,
  sessionMemory,
  canEdit,
  onChatflowChange,
}: {
  chatflow: Chatflow;
  agentCanvas: boolean;
  sessionMemory: boolean;
  canEdit: boolean;
  onChatflowChange: (chatflow: Chatflow) => void;
}) {
  const notify = useNotify();
  const [settings, setSettings] = useState<ChatbotSettings>(() =>
    chatbotSettingsOf(parseChatbotConfig(chatflow.chatbotConfig)),
  );
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const link = `${window.location.origin}/chatbot/${chatflow.id}`;

  const set =
    <K extends keyof ChatbotSettings>(key: K) =>
    (value: ChatbotSettings[K]) =>
      setSettings((current) => ({ ...current, [key]: value }));
  const setMessage =
    (who: 'botMessage' | 'userMessage', key: keyof MessageStyle) => (value: string | boolean) =>
      setSettings((current) => ({ ...current, [who]: { ...current[who], [key]: value } }));
  const setInput = (key: keyof ChatbotSettings['textInput']) => (value: string) =>
    setSettings((current) => ({ ...current, textInput: { ...current.textInput, [key]: value } }));

  const togglePublic = async (isPublic: boolean) => {
    setPublishing(true);
    try {
      onChatflowChange(await apiDialogApi.update(chatflow.id, { isPublic }));
      notify.success(isPublic ? 'Chatbot is public' : 'Chatbot is private');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to change who can open the chatbot: ' });
    } finally {
      setPublishing(false);
    }
  };

  const save = async () => {
    const problem = chatbotSettingsProblem(settings);
    if (problem) {
      notify.error(problem);
      return;
    }
    setSaving(true);
    try {
      const merged = mergeChatbotSettings(parseChatbotConfig(chatflow.chatbotConfig), settings, {
        agentCanvas,
        sessionMemory,
      });
      onChatflowChange(await apiDialogApi.update(chatflow.id, { chatbotConfig: JSON.stringify(merged) }));
      notify.success('Chatbot Configuration Saved');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save the chatbot configuration: ' });
    } finally {
      setSaving(false);
    }
  };

  const message = (who: 'botMessage' | 'userMessage', title: string) => (
    <Section title={title}>
      <ColorField
        label="Background Color"
        value={settings[who].backgroundColor}
        onChange={setMessage(who, 'backgroundColor')}
      />
      <ColorField
        label="Text Color"
        value={settings[who].textColor}
        onChange={setMessage(who, 'textColor')}
      />
      <Text label="Avatar Link" value={settings[who].avatarSrc} onChange={setMessage(who, 'avatarSrc')} />
      <Flag label="Show Avatar" checked={settings[who].showAvatar} onChange={setMessage(who, 'showAvatar')} />
    </Section>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="a"
          href={link}
          target="_blank"
          rel="noreferrer"
          aria-label="Chatbot link"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {link}
        </Typography>
        <CopyButton text={link} label="Copy Link" />
        <Tooltip title="Open New Tab">
          <IconButton
            aria-label="Open New Tab"
            size="small"
            onClick={() => window.open(link, '_blank', 'noopener')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        <Tooltip
          describeChild
          title="Making public will allow anyone to access the chatbot without authentication"
        >
          <FormControlLabel
            control={
              <Switch
                checked={chatflow.isPublic === true}
                disabled={!canEdit || publishing}
                onChange={(event) => void togglePublic(event.target.checked)}
              />
            }
            label="Make Public"
          />
        </Tooltip>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 340px' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box
          component="fieldset"
          disabled={!canEdit}
          sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          <Section title="Title Settings">
            <Text
              label="Title"
              placeholder="Flowloom Assistant"
              value={settings.title}
              onChange={set('title')}
            />
            <Text
              label="Title Avatar Link"
              value={settings.titleAvatarSrc}
              onChange={set('titleAvatarSrc')}
            />
            <ColorField
              label="Title Background Color"
              value={settings.titleBackgroundColor}
              onChange={set('titleBackgroundColor')}
            />
            <ColorField
              label="Title TextColor"
              value={settings.titleTextColor}
              onChange={set('titleTextColor')}
            />
          </Section>
          <Section title="General Settings">
            <Text
              label="Welcome Message"
              multiline
              value={settings.welcomeMessage}
              onChange={set('welcomeMessage')}
            />
            <Text
              label="Error Message"
              multiline
              value={settings.errorMessage}
              onChange={set('errorMessage')}
            />
            <ColorField
              label="Background Color"
              value={settings.backgroundColor}
              onChange={set('backgroundColor')}
            />
            <TextField
              size="small"
              type="number"
              label="Font Size"
              value={Number.isFinite(settings.fontSize) ? settings.fontSize : ''}
              onChange={(event) => set('fontSize')(Number(event.target.value))}
              slotProps={{ htmlInput: { min: 8, max: 48 } }}
            />
            <ColorField
              label="PoweredBy TextColor"
              value={settings.poweredByTextColor}
              onChange={set('poweredByTextColor')}
            />
            {agentCanvas && (
              <Flag
                label="Show agent reasonings when using Agentflow"
                checked={settings.showAgentMessages}
                onChange={set('showAgentMessages')}
              />
            )}
            <Flag
              label="Render HTML on the chat"
              checked={settings.renderHTML}
              onChange={set('renderHTML')}
            />
            {sessionMemory && (
              <Flag
                label="Start new session when chatbot link is opened or refreshed"
                checked={settings.generateNewSession}
                onChange={set('generateNewSession')}
              />
            )}
          </Section>
          {message('botMessage', 'Bot Message')}
          {message('userMessage', 'User Message')}
          <Section title="Text Input">
            <ColorField
              label="Background Color"
              value={settings.textInput.backgroundColor}
              onChange={setInput('backgroundColor')}
            />
            <ColorField
              label="Text Color"
              value={settings.textInput.textColor}
              onChange={setInput('textColor')}
            />
            <Text
              label="TextInput Placeholder"
              placeholder="Type question.."
              value={settings.textInput.placeholder}
              onChange={setInput('placeholder')}
            />
            <ColorField
              label="TextInput Send Button Color"
              value={settings.textInput.sendButtonColor}
              onChange={setInput('sendButtonColor')}
            />
          </Section>
          {canEdit && (
            <Box>
              <Button variant="contained" onClick={() => void save()} disabled={saving}>
                Save Changes
              </Button>
            </Box>
          )}
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: 0 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Preview
          </Typography>
          <ChatbotPreview settings={settings} />
        </Box>
      </Box>
    </Box>
  );
}
