import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import TollOutlinedIcon from '@mui/icons-material/TollOutlined';
import type { SourceDocument, UsedTool } from '@flowloom/shared';
import { useState, type ReactNode } from 'react';
import { Markdown } from '../chat/markdown/Markdown';
import { SourceDocumentsList } from '../chat/SourceDocumentsList';
import { UsedToolsList } from '../chat/UsedToolsList';
import type { TreeItem } from './executionTree';
import type { EntryMessage, ExecutedEntry } from './executionTypes';
import { HumanInputActions } from './HumanInputActions';
import { JsonView, toJsonText } from './JsonView';
import { MessageList } from './MessageList';
import { STATUS_LABELS, StatusIcon } from './StatusIcon';

/** Output keys shown in their own blocks, or bookkeeping the reader does not need twice. */
const OUTPUT_SHOWN = new Set([
  'content',
  'conditions',
  'usedTools',
  'sourceDocuments',
  'usageMetadata',
  'timeMetadata',
  'humanInputAction',
  'isWaitingForHumanInput',
]);

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 30 }}>
        <Typography variant="h5" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

function MetricChips({ entry }: { entry: ExecutedEntry }) {
  const output = entry.data.output;
  const delta = output?.timeMetadata?.delta;
  const usage = output?.usageMetadata;
  const total =
    usage?.total_tokens ??
    (usage?.input_tokens !== undefined || usage?.output_tokens !== undefined
      ? (usage.input_tokens ?? 0) + (usage.output_tokens ?? 0)
      : undefined);
  if (typeof delta !== 'number' && total === undefined) return null;
  const tokenTitle =
    usage &&
    [
      usage.input_tokens !== undefined && `${usage.input_tokens} in`,
      usage.output_tokens !== undefined && `${usage.output_tokens} out`,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
      {typeof delta === 'number' && (
        <Chip size="small" variant="outlined" icon={<TimerOutlinedIcon />} label={formatDuration(delta)} />
      )}
      {total !== undefined && (
        <Chip
          size="small"
          variant="outlined"
          icon={<TollOutlinedIcon />}
          label={`${total.toLocaleString()} tokens`}
          title={tokenTitle || undefined}
        />
      )}
    </Box>
  );
}

/** `value1 operation value2` for structured conditions, JSON for anything else. */
function ConditionSummary({ condition }: { condition: Record<string, unknown> }) {
  const { type: _type, value1, operation, value2, ...other } = condition;
  if (operation === undefined || Object.keys(other).length > 0) {
    return Object.keys(condition).length > 0 ? (
      <JsonView value={condition} maxHeight={160} label="Copy" />
    ) : null;
  }
  const part = (value: unknown) => (value === undefined || value === '' ? '' : toJsonText(value));
  return (
    <Typography
      variant="body2"
      sx={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        fontSize: 12.5,
        wordBreak: 'break-word',
      }}
    >
      {[part(value1), toJsonText(operation), part(value2)].filter(Boolean).join('  ')}
    </Typography>
  );
}

function Conditions({
  conditions,
}: {
  conditions: NonNullable<NonNullable<ExecutedEntry['data']['output']>['conditions']>;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {conditions.map((condition, index) => {
        const { isFulfilled, ...rest } = condition;
        return (
          <Box key={index} sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', p: 1.25 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: Object.keys(rest).length ? 1 : 0 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                Condition {index}
              </Typography>
              <Chip
                size="small"
                color={isFulfilled ? 'success' : 'default'}
                variant={isFulfilled ? 'filled' : 'outlined'}
                icon={isFulfilled ? <CheckCircleOutlineIcon /> : <HighlightOffIcon />}
                label={isFulfilled ? 'Fulfilled' : 'Not Fulfilled'}
              />
            </Box>
            <ConditionSummary condition={rest} />
          </Box>
        );
      })}
    </Box>
  );
}

function Output({ entry }: { entry: ExecutedEntry }) {
  const [raw, setRaw] = useState(false);
  const output = entry.data.output ?? {};
  const content = output.content;
  const extra = Object.fromEntries(Object.entries(output).filter(([key]) => !OUTPUT_SHOWN.has(key)));
  const hasContent = content !== undefined && content !== null && content !== '';
  const usedTools = Array.isArray(output.usedTools) ? (output.usedTools as UsedTool[]) : [];
  const documents = Array.isArray(output.sourceDocuments) ? (output.sourceDocuments as SourceDocument[]) : [];
  const nothing =
    !hasContent && !output.conditions && !usedTools.length && !documents.length && !Object.keys(extra).length;
  // A failed node has nothing to show but its error, which is already above.
  if (nothing && entry.status !== 'FINISHED') return null;
  const toggle = hasContent && typeof content === 'string' && (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={raw ? 'raw' : 'rendered'}
      onChange={(_, value: string | null) => value && setRaw(value === 'raw')}
      aria-label="Output view"
    >
      <ToggleButton value="rendered" sx={{ py: 0.25, px: 1 }}>
        Rendered
      </ToggleButton>
      <ToggleButton value="raw" sx={{ py: 0.25, px: 1 }}>
        Raw
      </ToggleButton>
    </ToggleButtonGroup>
  );
  return (
    <Section title="Output" action={toggle}>
      {usedTools.length > 0 && <UsedToolsList tools={usedTools} />}
      {hasContent ? (
        typeof content === 'string' && !raw ? (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', px: 1.5, py: 0.5 }}>
            <Markdown text={content} />
          </Box>
        ) : (
          <JsonView value={content} label="Copy output" />
        )
      ) : (
        // Said only when nothing at all follows (a Start node's output is its extra fields).
        nothing && (
          <Typography variant="body2" color="text.secondary">
            No output.
          </Typography>
        )
      )}
      {documents.length > 0 && <SourceDocumentsList documents={documents} />}
      {Array.isArray(output.conditions) && <Conditions conditions={output.conditions} />}
      {Object.keys(extra).length > 0 && <JsonView value={extra} maxHeight={240} label="Copy details" />}
    </Section>
  );
}

function Input({ entry }: { entry: ExecutedEntry }) {
  const input = entry.data.input ?? {};
  // The feedback switch is shown as the feedback box itself, not repeated as data.
  const {
    messages,
    humanInputEnableFeedback: _feedback,
    ...rest
  } = input as {
    messages?: unknown;
    humanInputEnableFeedback?: unknown;
  } & Record<string, unknown>;
  const list = Array.isArray(messages) ? (messages as EntryMessage[]) : [];
  const hasRest = Object.keys(rest).length > 0;
  if (list.length === 0 && !hasRest) return null;
  return (
    <Section title="Input">
      {list.length > 0 && <MessageList messages={list} />}
      {typeof rest.question === 'string' && Object.keys(rest).length === 1 ? (
        // The user's words as typed (as in the chat), not read as Markdown: "6*7" keeps its star.
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', px: 1.5, py: 1 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {rest.question}
          </Typography>
        </Box>
      ) : (
        hasRest && <JsonView value={rest} maxHeight={280} label="Copy input" />
      )}
    </Section>
  );
}

export interface NodeDetailsProps {
  item: TreeItem;
  /** Set when this STOPPED node may be resumed from here. */
  onDecide?: (entry: ExecutedEntry, type: 'proceed' | 'reject', feedback: string) => Promise<void>;
}

function IterationDetails({ item }: { item: TreeItem }) {
  const context = item.children.find((c) => c.entry)?.entry?.data.iterationContext;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Header item={item} subtitle="Iteration" />
      <Typography variant="body2" color="text.secondary">
        {item.children.length} node{item.children.length === 1 ? '' : 's'} ran in this iteration. Select one
        in the tree to see its details.
      </Typography>
      {context?.value !== undefined && (
        <Section title="Item">
          <JsonView value={context.value} label="Copy item" />
        </Section>
      )}
    </Box>
  );
}

function Header({ item, subtitle }: { item: TreeItem; subtitle: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <StatusIcon status={item.status} size={26} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h2" noWrap title={item.label}>
          {item.label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {subtitle} · {STATUS_LABELS[item.status] ?? item.status}
        </Typography>
      </Box>
    </Box>
  );
}

/** Everything recorded for one executed node: metrics, input, output, state, error, decision. */
export function NodeDetails({ item, onDecide }: NodeDetailsProps) {
  const entry = item.entry;
  if (!entry) return <IterationDetails item={item} />;
  const { data } = entry;
  const action = data.output?.humanInputAction;
  const feedbackEnabled =
    (data.input?.humanInputEnableFeedback ?? action?.data?.input?.humanInputEnableFeedback) !== false;
  const hasState = data.state && Object.keys(data.state).length > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Header item={item} subtitle={data.name || entry.nodeId} />
        <MetricChips entry={entry} />
      </Box>
      {(entry.status === 'ERROR' || entry.status === 'TERMINATED') && (
        <Alert severity={entry.status === 'ERROR' ? 'error' : 'warning'} sx={{ whiteSpace: 'pre-wrap' }}>
          {data.error
            ? toJsonText(data.error)
            : entry.status === 'ERROR'
              ? 'The node failed.'
              : 'Flow execution was cancelled'}
        </Alert>
      )}
      {entry.status === 'STOPPED' && onDecide && (
        <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            This run is waiting for a decision.
          </Typography>
          <HumanInputActions
            feedbackEnabled={feedbackEnabled}
            proceedLabel={action?.mapping?.approve || 'Proceed'}
            rejectLabel={action?.mapping?.reject || 'Reject'}
            onDecide={(type, feedback) => onDecide(entry, type, feedback)}
          />
        </Alert>
      )}
      <Input entry={entry} />
      <Output entry={entry} />
      {hasState && (
        <Section title="State">
          <JsonView value={data.state} label="Copy state" />
        </Section>
      )}
    </Box>
  );
}
