import type { NodeType } from '@flowloom/engine';
import { agentMemory, mySQLAgentMemory, postgresAgentMemory, sqliteAgentMemory } from './agent-memory.js';
import { seqCondition, seqConditionAgent, seqCustomFunction, seqExecuteFlow } from './control-nodes.js';
import { seqEnd, seqLoop, seqStart, seqState } from './flow-nodes.js';
import { seqAgent, seqLLMNode, seqToolNode } from './model-nodes.js';
import { supervisor, worker } from './team-nodes.js';

/** Sequential Agents, Multi Agents and the agent memories (flow type MULTIAGENT, `/agentcanvas`). */
export const agentGraphNodes: readonly NodeType[] = [
  seqStart,
  seqAgent,
  seqLLMNode,
  seqToolNode,
  seqCondition,
  seqConditionAgent,
  seqLoop,
  seqEnd,
  seqState,
  seqCustomFunction,
  seqExecuteFlow,
  supervisor,
  worker,
  agentMemory,
  sqliteAgentMemory,
  postgresAgentMemory,
  mySQLAgentMemory,
];
