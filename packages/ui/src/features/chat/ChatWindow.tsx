import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import type { Chatflow, UploadsConfig } from '@flowloom/shared';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { chatApi } from './chatApi';
import { ChatComposer } from './ChatComposer';
import { floatingPanelSx, PanelHeader } from '../../components/FloatingPanel';
import { attachRule, ragFilesOf, uploadsOf, type Attachment } from './attachments';
import { useAttachments } from './useAttachments';
import { offeredFollowUps, type ChatMessage } from './chatMessages';
import { ChatThread } from './ChatThread';
import { PromptChips } from './PromptChips';
import { StarterPrompts } from './StarterPrompts';
import { useAnswerSpeech } from './useAnswerSpeech';
import type { ChatSession, SendOutcome } from './useChatSession';
import { useFlowChatFeatures } from './useFlowChatFeatures';
import type { VoiceUpload } from './voiceUpload';

/** What goes with a question: attached pictures, files to search (by name), a recording. */
export type QuestionUpload = ReturnType<typeof uploadsOf>[number] | VoiceUpload;

/**
 * The canvas chat: a button that opens the chat window over the canvas, with the thread, clear,
 * the unsaved-flow notice and the composer. The chat runs the saved flow: `onAsk` saves first when
 * needed, then sends. What a flow kind adds (its bubbles, a notice of its own) comes in as props.
 * The conversation keeps running while the window is closed.
 */
export function ChatWindow<M extends ChatMessage>({
  noun,
  chatflowId,
  isDirty,
  onSave,
  chat,
  onAsk,
  renderMessage,
  notice,
  starterPrompts = [],
  zIndex = 6,
  composerLocked,
}: {
  /** "chatflow", "agentflow": the words of the window. */
  noun: string;
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
  chat: ChatSession<M>;
  /**
   * Sends a question with its attached files as Flowise `uploads` (after saving the flow when
   * needed), the files to search (`ragFiles`) loaded into the vector store first; undefined when it
   * did not go out.
   */
  onAsk: (question: string, uploads: QuestionUpload[], ragFiles: File[]) => Promise<SendOutcome | undefined>;
  renderMessage?: (message: M) => ReactNode;
  /** Shown above the composer in place of the unsaved-flow notice (e.g. what to fix first). */
  notice?: ReactNode;
  /** Offered while the chat is empty (the flow's Starter Prompts). */
  starterPrompts?: readonly string[];
  zIndex?: number;
  /** Why no question may be typed now (e.g. a pending approval); the box is open without it. */
  composerLocked?: string;
}) {
  const [open, setOpen] = useState(false);
  const [uploads, setUploads] = useState<UploadsConfig>();
  const [dragging, setDragging] = useState(false);
  const { loadHistory } = chat;
  const confirm = useConfirm();
  const notify = useNotify();
  const rule = useMemo(() => attachRule(uploads), [uploads]);
  const attachments = useAttachments(rule);
  const features = useFlowChatFeatures(chatflowId);
  const speech = useAnswerSpeech({
    flowId: chatflowId,
    type: 'INTERNAL',
    textToSpeech: features.textToSpeech,
    messages: chat.messages,
  });
  const followUps = features.followUpPrompts ? offeredFollowUps(chat.messages, chat.busy) : [];
  const stopSpeech = speech?.stop;

  // Closing the window silences it (the conversation itself keeps running).
  useEffect(() => {
    if (!open) stopSpeech?.();
  }, [open, stopSpeech]);

  useEffect(() => {
    if (open) void loadHistory();
  }, [open, loadHistory]);

  // What the saved flow takes (images a chat model allows, files a vector store searches): asked
  // again after each save.
  useEffect(() => {
    if (!open || !chatflowId || isDirty) return;
    let cancelled = false;
    chatApi.uploads(chatflowId).then(
      (config) => !cancelled && setUploads(config),
      () => !cancelled && setUploads(undefined),
    );
    return () => {
      cancelled = true;
    };
  }, [open, chatflowId, isDirty]);

  const ask = async (question: string, recording?: VoiceUpload) => {
    const sent: Attachment[] = attachments.items;
    const uploads: QuestionUpload[] = [...uploadsOf(sent), ...(recording ? [recording] : [])];
    const outcome = await onAsk(question, uploads, ragFilesOf(sent));
    if (outcome !== undefined && outcome !== 'refused') attachments.clear();
    return outcome;
  };

  const clear = async () => {
    const ok = await confirm({
      title: 'Clear chat',
      description: 'Delete the messages of this chat? The next question starts a new conversation.',
      confirmButtonName: 'Clear',
    });
    if (!ok) return;
    try {
      await chat.clear();
    } catch (error) {
      notify.error(error, { prefix: 'Failed to clear the chat: ' });
    }
  };

  return (
    <Box
      data-canvas-keys="off"
      sx={{
        position: 'absolute',
        top: 20,
        right: 20,
        zIndex,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      <Tooltip title={open ? 'Close chat' : 'Chat with this flow'} placement="left">
        <Fab
          size="medium"
          color="secondary"
          aria-label={open ? 'Close chat' : 'Open chat'}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? <CloseIcon /> : <ChatOutlinedIcon />}
        </Fab>
      </Tooltip>
      <Grow in={open} style={{ transformOrigin: 'top right' }} unmountOnExit>
        <Paper
          role="dialog"
          aria-label="Chat"
          elevation={12}
          onDragOver={(event) => {
            if (!rule || !event.dataTransfer.types.includes('Files')) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(event) => {
            if (!rule) return;
            event.preventDefault();
            setDragging(false);
            void attachments.add([...event.dataTransfer.files]);
          }}
          sx={{
            outline: dragging ? 2 : 0,
            outlineColor: 'primary.main',
            outlineStyle: 'dashed',
            mt: 1.5,
            width: 420,
            maxWidth: 'calc(100vw - 40px)',
            height: 'min(640px, calc(100vh - 170px))',
            ...floatingPanelSx,
          }}
        >
          <PanelHeader closeLabel="Close chat window" onClose={() => setOpen(false)}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" sx={{ fontSize: '0.95rem' }}>
                Chat
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Runs the saved version of this {noun}
              </Typography>
            </Box>
            <Tooltip title="Clear chat">
              <span>
                <IconButton
                  size="small"
                  aria-label="Clear chat"
                  disabled={!chatflowId || chat.busy || chat.messages.length === 0}
                  onClick={() => void clear()}
                >
                  <DeleteSweepOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </PanelHeader>
          <ChatThread
            messages={chat.messages}
            loading={chat.loadingHistory}
            error={chat.historyError}
            onRate={chat.rate}
            {...(speech && { speech })}
            flowId={chatflowId}
            emptyText={`Ask a question to try this ${noun}.`}
            after={
              <PromptChips
                label="Follow-up questions"
                prompts={followUps}
                onPick={(prompt) => void ask(prompt)}
              />
            }
            {...(renderMessage && { renderMessage })}
          />
          {chat.messages.length === 0 && !chat.loadingHistory && !chat.busy && (
            <StarterPrompts prompts={starterPrompts} onAsk={(prompt) => void ask(prompt)} />
          )}
          {notice ??
            ((!chatflowId || isDirty) && (
              <Alert
                severity={chatflowId ? 'warning' : 'info'}
                sx={{ mx: 1.5, mb: 1, py: 0, alignItems: 'center', fontSize: 13 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void onSave()}>
                    Save
                  </Button>
                }
              >
                {chatflowId
                  ? 'Unsaved changes: they are saved before your question is sent.'
                  : `Save this ${noun} to chat with it.`}
              </Alert>
            ))}
          <ChatComposer
            busy={chat.busy}
            disabled={composerLocked !== undefined}
            {...(composerLocked && { placeholder: composerLocked })}
            onSend={ask}
            onStop={chat.stop}
            {...(rule && { attach: rule, attachments })}
            {...(features.speechToText && { onRecord: (recording: VoiceUpload) => ask('', recording) })}
          />
        </Paper>
      </Grow>
    </Box>
  );
}
