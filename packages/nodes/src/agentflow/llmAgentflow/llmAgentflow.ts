import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { buildChatModel } from '../common/components.js';
import { answerRole, buildConversation, conversationInputs } from '../common/conversation.js';
import { callModel } from '../common/model-call.js';
import {
  agentflowDefinition,
  memoryParams,
  messagesParam,
  modelParam,
  returnResponseAsParam,
  structuredOutputParam,
  updateStateParam,
} from '../common/params.js';
import { structuredOutputSchema } from '../common/structured.js';
import { historyName } from '../common/values.js';
import { listModels, listRuntimeStateKeys } from '../common/load-methods.js';

/**
 * One chat-model call with optional memory, structured output and state update
 * (AGENTFLOW_V2.md §1.2). Memory types "conversationSummary*" summarise with the same model.
 */
export const llmAgentflow: AgentflowNodeType = {
  icon: badgeIcon('LLM', '#64B5F6'),
  definition: agentflowDefinition({
    label: 'LLM',
    name: 'llmAgentflow',
    version: 1.1,
    type: 'LLM',
    color: '#64B5F6',
    description: 'Large language models to analyze user-provided inputs and generate responses',
    inputs: [
      modelParam('llmModel'),
      messagesParam('llmMessages'),
      ...memoryParams('llm'),
      returnResponseAsParam('llmReturnResponseAs'),
      structuredOutputParam('llmStructuredOutput'),
      updateStateParam('llmUpdateState'),
    ],
  }),
  loadMethods: { listModels, listRuntimeStateKeys },
  async run(ctx) {
    const { inputs } = ctx;
    const start = ctx.run.services.now();
    const model = await buildChatModel(ctx, inputs.llmModel, inputs.llmModelConfig);
    const conversation = await buildConversation(ctx, conversationInputs(inputs, 'llm'), model);
    const schema = structuredOutputSchema(inputs.llmStructuredOutput);
    const result = await callModel({
      model,
      messages: conversation.messages,
      stream: ctx.isLastNode,
      run: ctx.run,
      ...(schema && { schema }),
    });
    const end = ctx.run.services.now();
    const content = result.text;
    return {
      id: ctx.node.id,
      name: 'llmAgentflow',
      input: { messages: conversation.messages },
      output: {
        ...result.object,
        content,
        timeMetadata: { start: start.getTime(), end: end.getTime(), delta: end.getTime() - start.getTime() },
        ...(result.usage && { usageMetadata: result.usage }),
      },
      state: applyStateUpdates(ctx.state, inputs.llmUpdateState, content),
      chatHistory: [
        ...conversation.historyPrefix,
        {
          role: answerRole(inputs.llmReturnResponseAs),
          content,
          name: historyName(ctx.node.label, ctx.node.id),
        },
      ],
    };
  },
};
