import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import { numberInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition, updateStateParam } from '../common/params.js';
import { textInput } from '../common/values.js';
import { listPreviousNodes, listRuntimeStateKeys } from '../common/load-methods.js';

/** `"<nodeId>-<label>"` as stored by the canvas: node ids hold no `-`, labels may. */
export function parseLoopTarget(value: unknown): { nodeId: string; label: string } {
  const text = textInput(value).trim();
  const dash = text.indexOf('-');
  return dash < 0
    ? { nodeId: text, label: text }
    : { nodeId: text.slice(0, dash), label: text.slice(dash + 1) };
}

/**
 * Jumps back to an earlier node, at most Max Loop Count passes in all; the executor does the jump
 * and answers the fallback message once the count is reached (AGENTFLOW_V2.md §1.7, §2.5).
 */
export const loopAgentflow: AgentflowNodeType = {
  icon: badgeIcon('↻', '#FFA07A'),
  loop: true,
  definition: agentflowDefinition({
    label: 'Loop',
    name: 'loopAgentflow',
    version: 1.2,
    type: 'Loop',
    color: '#FFA07A',
    hideOutput: true,
    description: 'Loop back to a previous node',
    inputs: [
      {
        label: 'Loop Back To',
        name: 'loopBackToNode',
        type: 'asyncOptions',
        loadMethod: 'listPreviousNodes',
        freeSolo: true,
      },
      { label: 'Max Loop Count', name: 'maxLoopCount', type: 'number', default: 5 },
      {
        label: 'Fallback Message',
        name: 'fallbackMessage',
        type: 'string',
        description: 'Message to display if the loop count is exceeded',
        placeholder: 'Enter your fallback message here',
        rows: 4,
        acceptVariable: true,
        optional: true,
      },
      updateStateParam('loopUpdateState'),
    ],
  }),
  loadMethods: { listPreviousNodes, listRuntimeStateKeys },
  run(ctx) {
    const target = parseLoopTarget(ctx.inputs.loopBackToNode);
    if (!target.nodeId) return Promise.reject(new Error('Choose the node to loop back to'));
    const maxLoopCount = numberInput(ctx.inputs.maxLoopCount) ?? 5;
    const fallbackMessage = textInput(ctx.inputs.fallbackMessage);
    const content = `Loop back to ${target.label} (${target.nodeId})`;
    return Promise.resolve({
      id: ctx.node.id,
      name: 'loopAgentflow',
      input: { nodeID: target.nodeId, maxLoopCount },
      output: {
        content,
        nodeID: target.nodeId,
        loopTarget: target.nodeId,
        maxLoopCount,
        ...(fallbackMessage.trim() && { fallbackMessage }),
      },
      state: applyStateUpdates(ctx.state, ctx.inputs.loopUpdateState, content),
    });
  },
};
