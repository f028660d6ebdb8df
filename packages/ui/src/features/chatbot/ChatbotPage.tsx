import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import type { UploadsConfig } from '@flowloom/shared';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { attachRule, uploadsOf } from '../chat/attachments';
import { ChatBubble } from '../chat/ChatBubble';
import { ChatComposer } from '../chat/ChatComposer';
import { offeredFollowUps, type ChatMessage } from '../chat/chatMessages';
import { dropStoredChat, ensureChatId, readChatData, updateChatRecord } from '../chat/chatStorage';
import { ChatThread } from '../chat/ChatThread';
import { Markdown } from '../chat/markdown/Markdown';
import { PromptChips } from '../chat/PromptChips';
import { useAnswerSpeech } from '../chat/useAnswerSpeech';
import { useAttachments } from '../chat/useAttachments';
import { useVisitorChat } from '../chat/useChat';
import type { VoiceUpload } from '../chat/voiceUpload';
import { useConfirm } from '../confirm/useConfirm';
import { chatbotApi } from './chatbotApi';
import { chatbotTheme, type ChatbotTheme } from './chatbotTheme';
import { LeadForm, type LeadDetails } from './LeadForm';

type PageState =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'ready'; theme: ChatbotTheme; uploads: UploadsConfig | undefined };

/** Flowise's words for a chatbot that cannot be shown (missing, private, or bound to an API key). */
export function InvalidChatbot() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '70vh' }}>
      <Card variant="outlined" sx={{ p: 4, maxWidth: 520 }}>
        <Typography variant="h3" component="h1" color="error.main" align="center" sx={{ mb: 1.5 }}>
          Invalid Chatbot
        </Typography>
        <Typography variant="body1" color="text.secondary" align="center">
          The chatbot you&apos;re looking for doesn&apos;t exist or requires API key authentication.
        </Typography>
      </Card>
    </Box>
  );
}

/**
 * `/chatbot/:id`, outside sign-in (SHARING.md §4): a full-page chat with a public flow, themed by
 * its chatbot settings. It calls the public routes as a visitor; a flow that is missing, private or
 * bound to an API key shows "Invalid Chatbot".
 */
export default function ChatbotPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    Promise.all([chatbotApi.flow(id), chatbotApi.settings(id)]).then(
      ([flow, settings]) => {
        if (cancelled) return;
        if (!flow.isPublic || flow.apikeyid) return setState({ status: 'invalid' });
        const theme = chatbotTheme(settings, flow.name);
        // A new session on every visit: the browser forgets the last chat before it is shown.
        if (theme.generateNewSession) dropStoredChat(flow.id, 'EXTERNAL');
        const uploads = settings.uploads as UploadsConfig | undefined;
        setState({ status: 'ready', theme, uploads });
      },
      () => !cancelled && setState({ status: 'invalid' }),
    );
    return () => {
      cancelled = true;
    };
  }, [id]);

  useEffect(() => {
    if (state.status === 'ready') document.title = state.theme.title;
  }, [state]);

  if (state.status === 'loading') return <LinearProgress aria-label="Loading chatbot" />;
  if (state.status === 'invalid') return <InvalidChatbot />;
  return <ChatbotChat key={id} flowId={id} theme={state.theme} uploads={state.uploads} />;
}

const disclaimerKey = (flowId: string) => `${flowId}_DISCLAIMER`;

function disclaimerAccepted(flowId: string): boolean {
  try {
    return globalThis.localStorage.getItem(disclaimerKey(flowId)) === 'true';
  } catch {
    return false;
  }
}

/** The chat itself, once the flow is known to be public. */
export function ChatbotChat({
  flowId,
  theme,
  uploads,
}: {
  flowId: string;
  theme: ChatbotTheme;
  uploads: UploadsConfig | undefined;
}) {
  const chat = useVisitorChat(flowId);
  const confirm = useConfirm();
  const [lead, setLead] = useState(() => readChatData(flowId, 'EXTERNAL').lead as LeadDetails | undefined);
  const [leadJustSaved, setLeadJustSaved] = useState(false);
  const [accepted, setAccepted] = useState(() => !theme.disclaimer || disclaimerAccepted(flowId));
  // A visitor attaches pictures only: files to search go through the vector store, which needs a key.
  const rule = useMemo(() => attachRule(uploads && { ...uploads, isRAGFileUploadAllowed: false }), [uploads]);
  const attachments = useAttachments(rule);
  const { loadHistory } = chat;

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const needsLead = Boolean(theme.leads) && !lead;
  const locked = needsLead || !accepted;

  const ask = async (question: string, recording?: VoiceUpload) => {
    const sent = attachments.items;
    const uploads = [...uploadsOf(sent), ...(recording ? [recording] : [])];
    const extra = {
      ...(uploads.length > 0 && { uploads }),
      ...(theme.overrideConfig && { overrideConfig: theme.overrideConfig }),
      ...(lead?.email && { leadEmail: lead.email }),
    };
    const outcome = await chat.send(flowId, question, Object.keys(extra).length > 0 ? extra : undefined);
    if (outcome !== 'refused') attachments.clear();
    return outcome;
  };

  const saveLead = async (details: LeadDetails) => {
    const chatId = ensureChatId(flowId, 'EXTERNAL');
    await chatbotApi.addLead({ chatflowid: flowId, chatId, ...details });
    updateChatRecord(flowId, { lead: details }, 'EXTERNAL');
    setLead(details);
    setLeadJustSaved(true);
  };

  const clear = async () => {
    const ok = await confirm({
      title: 'Clear chat',
      description: 'Start a new conversation? The messages of this one are no longer shown here.',
      confirmButtonName: 'Clear',
    });
    if (ok) await chat.clear();
  };

  // The flow's own error message replaces the server's, as in the Flowise embed.
  const messages = useMemo(
    () =>
      theme.errorMessage
        ? chat.messages.map((message) =>
            message.status === 'error' ? { ...message, error: theme.errorMessage } : message,
          )
        : chat.messages,
    [chat.messages, theme.errorMessage],
  );
  const followUps = theme.followUpPrompts ? offeredFollowUps(messages, chat.busy) : [];
  const speech = useAnswerSpeech({
    flowId,
    type: 'EXTERNAL',
    // A visitor's page is told only whether the flow has a voice, not whether it plays by itself.
    textToSpeech: theme.textToSpeech ? { autoPlay: false } : undefined,
    messages: chat.messages,
  });
  const botBubble = (key: string, content: string): ChatMessage => ({
    key,
    role: 'apiMessage',
    content,
    status: 'done',
  });

  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: theme.backgroundColor,
        color: '#303235',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.25,
          bgcolor: theme.titleBackgroundColor,
          color: theme.titleTextColor,
        }}
      >
        {theme.titleAvatarSrc && (
          <Box
            component="img"
            src={theme.titleAvatarSrc}
            alt=""
            sx={{ width: 32, height: 32, borderRadius: '50%', objectFit: 'cover' }}
          />
        )}
        <Typography variant="h6" component="h1" sx={{ flex: 1, color: 'inherit', fontSize: '1.05rem' }}>
          {theme.title}
        </Typography>
        <Tooltip title="Clear chat">
          <span>
            <IconButton
              aria-label="Clear chat"
              sx={{ color: 'inherit' }}
              disabled={chat.busy || chat.messages.length === 0}
              onClick={() => void clear()}
            >
              <DeleteSweepOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          width: '100%',
          maxWidth: 960,
          mx: 'auto',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <ChatThread
          messages={messages}
          loading={chat.loadingHistory}
          error={chat.historyError}
          appearance={theme.appearance}
          flowId={flowId}
          {...(theme.feedback && { onRate: chat.rate })}
          {...(speech && { speech })}
          emptyText="Ask a question to start the conversation."
          before={
            theme.welcomeMessage && (
              <ChatBubble
                message={botBubble('welcome', theme.welcomeMessage)}
                appearance={theme.appearance}
              />
            )
          }
          empty={
            needsLead ? (
              <></>
            ) : theme.starterPrompts.length > 0 ? (
              <PromptChips
                label="Starter prompts"
                prompts={theme.starterPrompts}
                disabled={locked || chat.busy}
                onPick={(prompt) => void ask(prompt)}
              />
            ) : theme.welcomeMessage ? (
              <></>
            ) : undefined
          }
          after={
            <>
              {needsLead && theme.leads && (
                <ChatBubble
                  message={botBubble('lead', '')}
                  appearance={theme.appearance}
                  below={<LeadForm settings={theme.leads} onSave={saveLead} />}
                />
              )}
              {leadJustSaved && theme.leads && (
                <ChatBubble
                  message={botBubble('lead-saved', theme.leads.successMessage)}
                  appearance={theme.appearance}
                />
              )}
              <PromptChips
                label="Follow-up questions"
                prompts={followUps}
                disabled={locked}
                onPick={(prompt) => void ask(prompt)}
              />
            </>
          }
        />
        <ChatComposer
          busy={chat.busy}
          disabled={locked}
          onSend={ask}
          onStop={chat.stop}
          look={theme.textInput}
          {...(theme.textInput.placeholder && { placeholder: theme.textInput.placeholder })}
          {...(rule && { attach: rule, attachments })}
          {...(uploads?.isSpeechToTextEnabled && {
            onRecord: (recording: VoiceUpload) => ask('', recording),
          })}
        />
        <Typography
          variant="caption"
          align="center"
          sx={{ pb: 1, color: theme.poweredByTextColor, opacity: 0.8 }}
        >
          Powered by Flowloom
        </Typography>
      </Box>
      {theme.disclaimer && (
        <Dialog open={!accepted} aria-labelledby="chatbot-disclaimer-title">
          <DialogTitle id="chatbot-disclaimer-title">{theme.disclaimer.title}</DialogTitle>
          <DialogContent>
            <Markdown text={theme.disclaimer.message} />
          </DialogContent>
          <DialogActions>
            <Button
              variant="contained"
              onClick={() => {
                try {
                  globalThis.localStorage.setItem(disclaimerKey(flowId), 'true');
                } catch {
                  // asked again next visit
                }
                setAccepted(true);
              }}
            >
              {theme.disclaimer.buttonText}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
