import type { AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition } from '../common/params.js';
import { textInput } from '../common/values.js';

/** Answers with its message (variables resolved); always a leaf (AGENTFLOW_V2.md §1.8). */
export const directReplyAgentflow: AgentflowNodeType = {
  icon: badgeIcon('↩', '#4DDBBB'),
  definition: agentflowDefinition({
    label: 'Direct Reply',
    name: 'directReplyAgentflow',
    version: 1.0,
    type: 'DirectReply',
    color: '#4DDBBB',
    hideOutput: true,
    description: 'Directly reply to the user with a message',
    inputs: [
      {
        label: 'Message',
        name: 'directReplyMessage',
        type: 'string',
        rows: 4,
        acceptVariable: true,
        acceptNodeOutputAsVariable: true,
      },
    ],
  }),
  run(ctx) {
    const content = textInput(ctx.inputs.directReplyMessage);
    if (ctx.isLastNode && content.trim()) ctx.run.emit('token', content);
    return Promise.resolve({
      id: ctx.node.id,
      name: 'directReplyAgentflow',
      input: {},
      output: { content },
      state: ctx.state,
    });
  },
};
