import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import type { ChatbotSettings, MessageStyle } from '@flowloom/shared';

/** The sample conversation the preview shows under the welcome message. */
const SAMPLE_QUESTION = 'What can you do?';
const SAMPLE_ANSWER = 'I can answer questions about your documents.';

function Avatar({ src, fallback }: { src: string; fallback: boolean }) {
  if (src)
    return (
      <Box
        component="img"
        src={src}
        alt=""
        sx={{ width: 28, height: 28, borderRadius: '50%', objectFit: 'cover', flexShrink: 0 }}
      />
    );
  return fallback ? <SmartToyOutlinedIcon sx={{ fontSize: 24, flexShrink: 0 }} /> : null;
}

function Bubble({ text, style, user }: { text: string; style: MessageStyle; user: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        flexDirection: user ? 'row-reverse' : 'row',
        mb: 1.25,
      }}
    >
      {style.showAvatar && <Avatar src={style.avatarSrc} fallback={!user} />}
      <Box
        data-testid={user ? 'preview-user-message' : 'preview-bot-message'}
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          borderRadius: user ? '14px 14px 4px 14px' : '4px 14px 14px 14px',
          bgcolor: style.backgroundColor,
          color: style.textColor,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

/**
 * A live picture of the themed chat (not the real widget): title bar, welcome message, a sample
 * exchange and the text input, in the colours, font size and avatars of the settings being edited.
 */
export function ChatbotPreview({ settings }: { settings: ChatbotSettings }) {
  const { textInput } = settings;
  return (
    <Box
      role="figure"
      aria-label="Chatbot preview"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: 460,
        bgcolor: settings.backgroundColor,
        fontSize: settings.fontSize,
      }}
    >
      <Box
        data-testid="preview-title"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          bgcolor: settings.titleBackgroundColor,
          color: settings.titleTextColor,
        }}
      >
        <Avatar src={settings.titleAvatarSrc} fallback={false} />
        <Typography component="span" sx={{ fontWeight: 600, fontSize: 'inherit', color: 'inherit' }}>
          {settings.title || 'Chatbot'}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, fontSize: 'inherit' }}>
        <Bubble
          text={settings.welcomeMessage || 'Hi there! How can I help?'}
          style={settings.botMessage}
          user={false}
        />
        <Bubble text={SAMPLE_QUESTION} style={settings.userMessage} user />
        <Bubble text={SAMPLE_ANSWER} style={settings.botMessage} user={false} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          m: 1.5,
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          bgcolor: textInput.backgroundColor,
          color: textInput.textColor,
        }}
      >
        <Box component="span" sx={{ flex: 1, opacity: 0.7 }}>
          {textInput.placeholder || 'Type your question'}
        </Box>
        <SendIcon data-testid="preview-send" sx={{ color: textInput.sendButtonColor }} />
      </Box>
      <Typography variant="caption" sx={{ textAlign: 'center', pb: 1, color: settings.poweredByTextColor }}>
        Powered by Flowloom
      </Typography>
    </Box>
  );
}
