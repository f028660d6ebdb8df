import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
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
} from '@flowloom/shared';
import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { useNotify } from '../../notifications/useNotify';
import { apiDialogApi } from './apiDialogApi';
import { ChatbotPreview } from './ChatbotPreview';
import { ChatbotSettingsFields } from './ChatbotSettingsFields';

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
          <ChatbotSettingsFields
            settings={settings}
            onChange={setSettings}
            agentCanvas={agentCanvas}
            sessionMemory={sessionMemory}
          />
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
