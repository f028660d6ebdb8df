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
import type { Chatflow } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { useConfirm } from '../confirm/useConfirm';
import { useNotify } from '../notifications/useNotify';
import { ChatComposer } from './ChatComposer';
import { ChatThread } from './ChatThread';
import { useChat } from './useChat';

/**
 * Chat with the flow on the canvas: a button that opens the chat window. The chat runs the saved
 * flow, so an unsaved or changed flow is saved (after asking for a name the first time) before a
 * question is sent. The conversation keeps running while the window is closed.
 */
export function ChatPanel({
  chatflowId,
  isDirty,
  onSave,
}: {
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
}) {
  const [open, setOpen] = useState(false);
  const chat = useChat(chatflowId);
  const { loadHistory } = chat;
  const confirm = useConfirm();
  const notify = useNotify();

  useEffect(() => {
    if (open) void loadHistory();
  }, [open, loadHistory]);

  const send = async (question: string) => {
    let flowId = chatflowId;
    if (!flowId || isDirty) {
      const saved = await onSave();
      if (!saved) return;
      flowId = saved.id;
    }
    await chat.send(flowId, question);
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
        zIndex: 6,
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
                Runs the saved version of this chatflow
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
          <ChatThread
            messages={chat.messages}
            loading={chat.loadingHistory}
            error={chat.historyError}
            onRate={chat.rate}
          />
          {(!chatflowId || isDirty) && (
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
                : 'Save this chatflow to chat with it.'}
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
