import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import OutputIcon from '@mui/icons-material/Output';
import type { ReactNode } from 'react';
import { Markdown } from '../chat/markdown/Markdown';
import type { EntryMessage } from './executionTypes';
import { JsonView, toJsonText } from './JsonView';

const ROLE_LABELS: Record<string, string> = {
  system: 'System',
  developer: 'Developer',
  user: 'User',
  human: 'User',
  assistant: 'Assistant',
  ai: 'Assistant',
  tool: 'Tool',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ToolBlock({ kind, name, value }: { kind: 'call' | 'result'; name: string; value: unknown }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        color={kind === 'call' ? 'secondary' : 'default'}
        icon={kind === 'call' ? <BuildOutlinedIcon /> : <OutputIcon />}
        label={kind === 'call' ? `Tool call: ${name}` : `Tool result: ${name}`}
        sx={{ mb: 0.75 }}
      />
      {value !== undefined && <JsonView value={value} maxHeight={220} label="Copy" />}
    </Box>
  );
}

const toolName = (part: Record<string, unknown>): string =>
  typeof part.toolName === 'string' ? part.toolName : typeof part.name === 'string' ? part.name : 'tool';

/** One content part of a message (AI SDK and LangChain shapes). */
function renderPart(part: unknown, index: number): ReactNode {
  if (typeof part === 'string') return <Markdown key={index} text={part} />;
  if (!isRecord(part)) return null;
  switch (part.type) {
    case 'text':
      return (
        <Markdown key={index} text={typeof part.text === 'string' ? part.text : toJsonText(part.text)} />
      );
    case 'tool-call':
    case 'tool_use':
      return <ToolBlock key={index} kind="call" name={toolName(part)} value={part.input ?? part.args} />;
    case 'tool-result':
      return <ToolBlock key={index} kind="result" name={toolName(part)} value={part.output ?? part.result} />;
    default:
      return <JsonView key={index} value={part} maxHeight={220} label="Copy" />;
  }
}

function MessageBody({ message }: { message: EntryMessage }) {
  const { content } = message;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return (
    <>
      {typeof content === 'string' ? (
        content !== '' && <Markdown text={content} />
      ) : Array.isArray(content) ? (
        content.map(renderPart)
      ) : content !== undefined && content !== null ? (
        <JsonView value={content} maxHeight={220} label="Copy" />
      ) : null}
      {calls.map((call, index) => (
        <ToolBlock
          key={`call-${index}`}
          kind="call"
          name={call.name ?? call.function?.name ?? 'tool'}
          value={call.args ?? call.function?.arguments}
        />
      ))}
    </>
  );
}

/** The messages a model node was given, one card per message, labelled by role. */
export function MessageList({ messages }: { messages: EntryMessage[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {messages.map((message, index) => {
        const role = typeof message.role === 'string' ? message.role : 'message';
        const label = ROLE_LABELS[role] ?? role;
        return (
          <Box
            key={index}
            sx={(theme) => ({
              border: 1,
              borderColor: 'divider',
              borderRadius: '10px',
              px: 1.5,
              py: 1,
              bgcolor:
                role === 'user' || role === 'human'
                  ? theme.palette.mode === 'dark'
                    ? 'rgba(124,124,240,0.08)'
                    : 'rgba(91,91,214,0.05)'
                  : 'transparent',
            })}
          >
            <Typography
              variant="overline"
              color="text.secondary"
              sx={{ lineHeight: 1.6, fontWeight: 700, display: 'block' }}
            >
              {label}
              {message.name ? ` · ${message.name}` : ''}
            </Typography>
            <MessageBody message={message} />
          </Box>
        );
      })}
    </Box>
  );
}
