import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import type { SourceDocument, UsedTool } from '@flowloom/shared';
import { memo } from 'react';
import type { Artifact } from './chatArtifacts';
import { MessageArtifacts } from './MessageArtifacts';
import { Markdown } from './markdown/Markdown';
import { SourceDocumentsList } from './SourceDocumentsList';
import { UsedToolsList } from './UsedToolsList';
import { nodeIconUrl } from '../canvas/canvasApi';

/** One agent's turn in a multi-agent answer (Flowise `agentReasoning` entries). */
export interface AgentReasoning {
  agentName?: string;
  messages?: string[];
  instructions?: string;
  usedTools?: UsedTool[];
  sourceDocuments?: SourceDocument[];
  artifacts?: Artifact[];
  state?: Record<string, unknown>;
  nextAgent?: string;
  /** The supervisor's choice of the next worker. */
  next?: string;
  /** The node type of a sequential step (its icon). */
  nodeName?: string;
  nodeId?: string;
}

/** The agentReasoning of a stored answer, if it is a list of agent turns. */
export function agentReasoningOf(value: unknown): AgentReasoning[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.filter((item): item is AgentReasoning => typeof item === 'object' && item !== null);
}

const list = <T,>(value: T[] | undefined): T[] | undefined =>
  Array.isArray(value) && value.length > 0 ? value : undefined;

/** Condition steps of Sequential Agents: their last message is the route they chose (§8.1). */
const CONDITION_STEPS = new Set(['seqCondition', 'seqConditionAgent']);

/**
 * The agents behind a multi-agent answer, in order: who spoke, what they said or were told, the
 * tools and documents they used, what they produced, and the state they left. A condition step
 * names the route it chose; with `awaitingApproval`, the last turn (which asked for tools and said
 * nothing) waits for the person instead of reading "Finished".
 */
export const AgentReasoningList = memo(function AgentReasoningList({
  reasoning,
  awaitingApproval = false,
}: {
  reasoning: AgentReasoning[];
  awaitingApproval?: boolean;
}) {
  return (
    <Box component="ol" aria-label="Agent reasoning" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }}>
      {reasoning.map((agent, index) => {
        const said = (agent.messages ?? []).filter((m) => typeof m === 'string' && m !== '');
        const route = CONDITION_STEPS.has(agent.nodeName ?? '') ? said.at(-1) : undefined;
        const messages = route === undefined ? said : said.slice(0, -1);
        const tools = list(agent.usedTools);
        const documents = list(agent.sourceDocuments);
        const artifacts = list(agent.artifacts);
        const state = agent.state && Object.keys(agent.state).length > 0 ? agent.state : undefined;
        const Icon = agent.instructions ? SupervisorAccountOutlinedIcon : SmartToyOutlinedIcon;
        const icon = agent.nodeName ? (
          <Box
            component="img"
            src={nodeIconUrl(agent.nodeName)}
            alt=""
            sx={{ width: 18, height: 18, borderRadius: '50%' }}
          />
        ) : (
          <Icon sx={{ fontSize: 18, color: 'primary.main' }} />
        );
        return (
          <Box
            component="li"
            key={index}
            sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', p: 1.25, mb: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 0.75 }}>
              {icon}
              <Typography variant="subtitle2">{agent.agentName || `Agent ${index + 1}`}</Typography>
            </Box>
            {tools && <UsedToolsList tools={tools} />}
            {state && (
              <Box
                component="pre"
                aria-label="State"
                sx={{ m: 0, mb: 1, fontSize: 11.5, whiteSpace: 'pre-wrap', color: 'text.secondary' }}
              >
                {JSON.stringify(state, null, 2)}
              </Box>
            )}
            {artifacts && <MessageArtifacts artifacts={artifacts} compact />}
            {messages.length > 0 && <Markdown text={messages.join('\n')} />}
            {route !== undefined && (
              <Typography variant="body2">
                Route chosen: <strong>{route}</strong>
              </Typography>
            )}
            {agent.instructions && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {agent.instructions}
              </Typography>
            )}
            {messages.length === 0 && route === undefined && !agent.instructions && (
              <Typography variant="body2" color="text.secondary">
                {awaitingApproval && index === reasoning.length - 1
                  ? 'Waiting for your approval to run its tools'
                  : 'Finished'}
              </Typography>
            )}
            {documents && <SourceDocumentsList documents={documents} />}
          </Box>
        );
      })}
    </Box>
  );
});
