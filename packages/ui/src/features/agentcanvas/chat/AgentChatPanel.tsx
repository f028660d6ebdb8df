import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import type { Chatflow } from '@flowloom/shared';
import { useEffect, useRef, useState } from 'react';
import { ChatComposer } from '../../chat/ChatComposer';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';
import type { FlowIssue } from '../document/validate';
import { AgentChatBubble } from './AgentChatBubble';
import { resumeRequest, type AgentStep, type HumanInputAction, type HumanInputChoice } from './agentMessages';
import { useAgentChat } from './useAgentChat';

/**
 * Chat with the agentflow on the canvas. Before a question goes out the flow is checked (empty,
 * no Start, missing required inputs) and saved; each answer shows the steps as they run, and a
 * paused run offers Proceed / Reject, which resume it.
 */
export function AgentChatPanel({
  chatflowId,
  isDirty,
  onSave,
  validate,
  onStep,
  onRunStart,
}: {
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
  validate: () => FlowIssue[];
  onStep: (step: AgentStep) => void;
  onRunStart: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [issues, setIssues] = useState<FlowIssue[]>([]);
  const chat = useAgentChat(chatflowId, onStep, onRunStart);
  const { loadHistory } = chat;
  const confirm = useConfirm();
  const notify = useNotify();
  const scroller = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);

  useEffect(() => {
    if (open) void loadHistory();
  }, [open, loadHistory]);

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [chat.messages.length, last?.content, last?.steps?.length, last?.action]);

  const ready = async (): Promise<string | null> => {
    const found = validate();
    setIssues(found);
    if (found.length > 0) return null;
    if (chatflowId && !isDirty) return chatflowId;
    const saved = await onSave();
    return saved?.id ?? null;
  };

  const send = async (question: string) => {
    const flowId = await ready();
    if (flowId) await chat.send(flowId, question);
  };

  const answer = async (action: HumanInputAction, choice: HumanInputChoice, feedback?: string) => {
    const request = resumeRequest(action, choice, feedback);
    if (!chatflowId || !request) return;
    await chat.send(chatflowId, request.question, request.humanInput);
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
        zIndex: 7,
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
          sx={{
            mt: 1.5,
            width: 420,
            maxWidth: 'calc(100vw - 40px)',
            height: 'min(640px, calc(100vh - 170px))',
            display: 'flex',
            flexDirection: 'column',
            borderRadius: '16px',
            border: 1,
            borderColor: 'divider',
            overflow: 'hidden',
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" sx={{ fontSize: '0.95rem' }}>
                Chat
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Runs the saved version of this agentflow
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
            <IconButton size="small" aria-label="Close chat window" onClick={() => setOpen(false)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          <Box
            ref={scroller}
            role="log"
            aria-label="Chat messages"
            aria-live="polite"
            sx={{ flex: 1, overflowY: 'auto', px: 2, pt: 2, pb: 0.5 }}
          >
            {chat.loadingHistory && chat.messages.length === 0 && (
              <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
                <CircularProgress size={24} aria-label="Loading chat history" />
              </Box>
            )}
            {chat.historyError && (
              <Typography color="error" variant="body2" role="alert" sx={{ mb: 2 }}>
                {chat.historyError}
              </Typography>
            )}
            {!chat.loadingHistory && chat.messages.length === 0 && !chat.historyError && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 6, px: 3 }}>
                Ask a question to run this agentflow.
              </Typography>
            )}
            {chat.messages.map((message) => (
              <AgentChatBubble
                key={message.key}
                message={message}
                busy={chat.busy}
                onAction={(action, choice, feedback) => void answer(action, choice, feedback)}
              />
            ))}
          </Box>
          {issues.length > 0 && (
            <Alert
              severity="error"
              role="alert"
              onClose={() => setIssues([])}
              sx={{ mx: 1.5, mb: 1, fontSize: 13, maxHeight: 160, overflowY: 'auto' }}
            >
              <AlertTitle sx={{ fontSize: 13.5 }}>Fix the flow before running it</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {issues.map((issue, index) => (
                  <li key={index}>{issue.message}</li>
                ))}
              </Box>
            </Alert>
          )}
          {(!chatflowId || isDirty) && issues.length === 0 && (
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
                : 'Save this agentflow to chat with it.'}
            </Alert>
          )}
          <ChatComposer
            busy={chat.busy}
            disabled={false}
            onSend={(question) => void send(question)}
            onStop={chat.stop}
          />
        </Paper>
      </Grow>
    </Box>
  );
}
