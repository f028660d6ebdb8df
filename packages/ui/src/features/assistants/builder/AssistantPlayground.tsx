import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { useEffect } from 'react';
import { ChatComposer } from '../../chat/ChatComposer';
import { ChatThread } from '../../chat/ChatThread';
import { useChat } from '../../chat/useChat';
import { useConfirm } from '../../confirm/useConfirm';
import { useNotify } from '../../notifications/useNotify';

/**
 * The assistant's preview: the chat core against its flow (type ASSISTANT). A question about unsaved
 * changes saves them first (`ensureSaved` answers the flow to ask, or nothing when saving failed).
 */
export function AssistantPlayground({
  flowId,
  dirty,
  canSave,
  ensureSaved,
}: {
  flowId: string | undefined;
  dirty: boolean;
  canSave: boolean;
  ensureSaved: () => Promise<string | undefined>;
}) {
  const chat = useChat(flowId);
  const { loadHistory } = chat;
  const confirm = useConfirm();
  const notify = useNotify();

  useEffect(() => {
    if (flowId) void loadHistory();
  }, [flowId, loadHistory]);

  const ask = async (question: string) => {
    const id = await ensureSaved();
    if (!id) return undefined;
    return chat.send(id, question);
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

  const notice = !flowId
    ? canSave
      ? 'Save the assistant to chat with it: your first question saves it.'
      : 'This assistant has not been saved with a chat model yet.'
    : dirty && canSave
      ? 'Unsaved changes: they are saved before your question is sent.'
      : undefined;

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label="Preview"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 420 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h2">
            Preview
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Chats with the saved version of this assistant
          </Typography>
        </Box>
        <Tooltip title="Clear chat">
          <span>
            <IconButton
              size="small"
              aria-label="Clear chat"
              disabled={!flowId || chat.busy || chat.messages.length === 0}
              onClick={() => void clear()}
            >
              <DeleteSweepOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <ChatThread
        messages={chat.messages}
        loading={chat.loadingHistory}
        error={chat.historyError}
        onRate={chat.rate}
        emptyText="Ask a question to try this assistant."
      />
      {notice && (
        <Alert severity={flowId ? 'warning' : 'info'} sx={{ mx: 1.5, mb: 1, py: 0, fontSize: 13 }}>
          {notice}
        </Alert>
      )}
      <ChatComposer busy={chat.busy} disabled={!canSave && !flowId} onSend={ask} onStop={chat.stop} />
    </Card>
  );
}
