import type { AgentflowNodeType, AgentflowRegistry } from '@flowloom/engine';
import { agentAgentflow } from './agentAgentflow/agentAgentflow.js';
import { conditionAgentAgentflow } from './conditionAgentAgentflow/conditionAgentAgentflow.js';
import { conditionAgentflow } from './conditionAgentflow/conditionAgentflow.js';
import { customFunctionAgentflow } from './customFunctionAgentflow/customFunctionAgentflow.js';
import { directReplyAgentflow } from './directReplyAgentflow/directReplyAgentflow.js';
import { executeFlowAgentflow } from './executeFlowAgentflow/executeFlowAgentflow.js';
import { httpAgentflow } from './httpAgentflow/httpAgentflow.js';
import { humanInputAgentflow } from './humanInputAgentflow/humanInputAgentflow.js';
import { iterationAgentflow } from './iterationAgentflow/iterationAgentflow.js';
import { llmAgentflow } from './llmAgentflow/llmAgentflow.js';
import { loopAgentflow } from './loopAgentflow/loopAgentflow.js';
import { retrieverAgentflow } from './retrieverAgentflow/retrieverAgentflow.js';
import { startAgentflow } from './startAgentflow/startAgentflow.js';
import { stickyNoteAgentflow } from './stickyNoteAgentflow/stickyNoteAgentflow.js';
import { toolAgentflow } from './toolAgentflow/toolAgentflow.js';

/** Every agentflow (v2) node type, listed explicitly, in the order of the Flowise palette. */
export const agentflowNodes: readonly AgentflowNodeType[] = [
  startAgentflow,
  llmAgentflow,
  agentAgentflow,
  conditionAgentflow,
  conditionAgentAgentflow,
  humanInputAgentflow,
  loopAgentflow,
  directReplyAgentflow,
  customFunctionAgentflow,
  toolAgentflow,
  retrieverAgentflow,
  stickyNoteAgentflow,
  httpAgentflow,
  iterationAgentflow,
  executeFlowAgentflow,
];

export function createAgentflowRegistry(
  nodes: readonly AgentflowNodeType[] = agentflowNodes,
): AgentflowRegistry {
  const registry = new Map<string, AgentflowNodeType>();
  for (const node of nodes) {
    if (registry.has(node.definition.name))
      throw new Error(`Agentflow node type ${node.definition.name} is listed twice`);
    registry.set(node.definition.name, node);
  }
  return registry;
}
