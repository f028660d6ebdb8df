import type { ModelMessage } from 'ai';
import { applyStateUpdates, type AgentflowNodeContext, type AgentflowNodeType } from '@flowloom/engine';
import type { UsedTool } from '@flowloom/shared';
import { badgeIcon } from '../../utilities/icons.js';
import { buildChatModel, buildTools } from '../common/components.js';
import { answerRole, buildConversation, conversationInputs } from '../common/conversation.js';
import { callModel, usageMetadata } from '../common/model-call.js';
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
import { historyName, rowsInput, textInput } from '../common/values.js';
import { knowledgeTools } from '../common/knowledge.js';
import { invokeTool, runAgentLoop, type AgentTool, type PendingToolCall } from './agent-loop.js';
import {
  listEmbeddings,
  listModels,
  listRuntimeStateKeys,
  listStores,
  listTools,
  listVectorStores,
} from '../common/load-methods.js';

type ToolRow = {
  agentSelectedTool?: unknown;
  agentSelectedToolConfig?: unknown;
  agentSelectedToolRequiresHumanInput?: unknown;
};

/** What a paused agent saves in its trace entry's `input` to continue where it stopped. */
interface ToolApprovalCheckpoint {
  messages: ModelMessage[];
  pendingToolCalls: PendingToolCall[];
  usedTools: UsedTool[];
}

async function agentTools(ctx: AgentflowNodeContext): Promise<AgentTool[]> {
  const rows = rowsInput<ToolRow>(ctx.inputs.agentTools);
  const tools: AgentTool[] = [];
  for (const [row, entry] of rows.entries()) {
    const name = textInput(entry.agentSelectedTool);
    if (!name) continue;
    const requiresApproval =
      entry.agentSelectedToolRequiresHumanInput === true ||
      entry.agentSelectedToolRequiresHumanInput === 'true';
    for (const handle of await buildTools(ctx, name, entry.agentSelectedToolConfig))
      tools.push({ handle, requiresApproval, row, toolNode: { label: handle.name, name } });
  }
  const names = tools.map((t) => t.handle.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`Two tools are both named "${duplicate}"; tool names must differ`);
  return tools;
}

/** The checkpoint of the run's stopped entry for this node, when the trace still holds it. */
function savedCheckpoint(ctx: AgentflowNodeContext): ToolApprovalCheckpoint | undefined {
  for (let i = ctx.executionData.length - 1; i >= 0; i--) {
    const entry = ctx.executionData[i]!;
    if (entry.nodeId !== ctx.node.id) continue;
    const input =
      entry.status === 'STOPPED' ? (entry.data.input as Partial<ToolApprovalCheckpoint>) : undefined;
    if (input && Array.isArray(input.messages) && Array.isArray(input.pendingToolCalls))
      return {
        messages: input.messages,
        pendingToolCalls: input.pendingToolCalls,
        usedTools: input.usedTools ?? [],
      };
    return undefined;
  }
  return undefined;
}

/** Drops the assistant message that asked for the rejected calls, and the tool results after it. */
function withoutLastToolRequest(messages: ModelMessage[]): ModelMessage[] {
  const index = messages.findLastIndex((m) => m.role === 'assistant');
  return index < 0 ? messages : messages.slice(0, index);
}

const STRUCTURE_INSTRUCTION =
  'Turn the answer below into the requested JSON object. Use only what the answer says.';

/**
 * A tool-calling agent (AGENTFLOW_V2.md §1.3): the model calls tools until it answers. A tool marked
 * "Require Human Input" pauses the run before it runs; on resume, proceed runs the call and goes on,
 * reject drops it and asks the model again without that tool.
 */
export const agentAgentflow: AgentflowNodeType = {
  icon: badgeIcon('AG', '#4DD0E1'),
  definition: agentflowDefinition({
    label: 'Agent',
    name: 'agentAgentflow',
    version: 3.2,
    type: 'Agent',
    color: '#4DD0E1',
    description: 'Dynamically choose and utilize tools during runtime, enabling multi-step reasoning',
    inputs: [
      modelParam('agentModel'),
      messagesParam('agentMessages'),
      {
        label: 'Tools',
        name: 'agentTools',
        type: 'array',
        optional: true,
        array: [
          {
            label: 'Tool',
            name: 'agentSelectedTool',
            type: 'asyncOptions',
            loadMethod: 'listTools',
            loadConfig: true,
          },
          {
            label: 'Require Human Input',
            name: 'agentSelectedToolRequiresHumanInput',
            type: 'boolean',
            optional: true,
          },
        ],
      },
      {
        label: 'Knowledge (Document Stores)',
        name: 'agentKnowledgeDocumentStores',
        type: 'array',
        description:
          'Give your agent context about different document sources. Document stores must be upserted in advance.',
        optional: true,
        array: [
          { label: 'Document Store', name: 'documentStore', type: 'asyncOptions', loadMethod: 'listStores' },
          {
            label: 'Describe Knowledge',
            name: 'docStoreDescription',
            type: 'string',
            placeholder:
              'Describe what the knowledge base is about, this is useful for the AI to know when and how to search for correct information',
            rows: 4,
          },
          {
            label: 'Return Source Documents',
            name: 'returnSourceDocuments',
            type: 'boolean',
            optional: true,
          },
        ],
      },
      {
        label: 'Knowledge (Vector Embeddings)',
        name: 'agentKnowledgeVSEmbeddings',
        type: 'array',
        description:
          'Give your agent context about different document sources from existing vector stores and embeddings',
        optional: true,
        array: [
          {
            label: 'Vector Store',
            name: 'vectorStore',
            type: 'asyncOptions',
            loadMethod: 'listVectorStores',
            loadConfig: true,
          },
          {
            label: 'Embedding Model',
            name: 'embeddingModel',
            type: 'asyncOptions',
            loadMethod: 'listEmbeddings',
            loadConfig: true,
          },
          {
            label: 'Knowledge Name',
            name: 'knowledgeName',
            type: 'string',
            placeholder:
              'A short name for the knowledge base, this is useful for the AI to know when and how to search for correct information',
          },
          {
            label: 'Describe Knowledge',
            name: 'knowledgeDescription',
            type: 'string',
            placeholder:
              'Describe what the knowledge base is about, this is useful for the AI to know when and how to search for correct information',
            rows: 4,
          },
          {
            label: 'Return Source Documents',
            name: 'returnSourceDocuments',
            type: 'boolean',
            optional: true,
          },
        ],
      },
      ...memoryParams('agent'),
      returnResponseAsParam('agentReturnResponseAs'),
      structuredOutputParam('agentStructuredOutput'),
      updateStateParam('agentUpdateState'),
    ],
  }),
  loadMethods: { listModels, listTools, listStores, listVectorStores, listEmbeddings, listRuntimeStateKeys },
  async run(ctx) {
    const { inputs } = ctx;
    const start = ctx.run.services.now();
    const model = await buildChatModel(ctx, inputs.agentModel, inputs.agentModelConfig);
    let tools = await agentTools(ctx);
    // Knowledge is searched through retriever tools; they never need a person's approval.
    for (const [index, handle] of (
      await knowledgeTools(ctx.run, {
        stores: inputs.agentKnowledgeDocumentStores,
        vectors: inputs.agentKnowledgeVSEmbeddings,
      })
    ).entries())
      tools.push({
        handle,
        requiresApproval: false,
        row: -1 - index,
        toolNode: { label: handle.name, name: 'retrieverTool' },
      });
    const duplicate = tools.map((t) => t.handle.name).find((n, i, all) => all.indexOf(n) !== i);
    if (duplicate)
      throw new Error(`Two tools or knowledge bases are both named "${duplicate}"; names must differ`);
    const approvals = !ctx.iteration;
    const usedTools: UsedTool[] = [];
    const historyPrefix =
      ctx.runtimeHistory.length === 0 && ctx.input ? [{ role: 'user' as const, content: ctx.input }] : [];

    let messages: ModelMessage[];
    let askFirst = approvals;
    const resume = ctx.humanInput;
    const checkpoint = resume ? savedCheckpoint(ctx) : undefined;
    if (resume && checkpoint) {
      usedTools.push(...checkpoint.usedTools);
      if (resume.type === 'proceed') {
        const results: ModelMessage = { role: 'tool', content: [] };
        for (const call of checkpoint.pendingToolCalls) {
          const agentTool = tools.find((t) => t.handle.name === call.toolName);
          if (!agentTool)
            throw new Error(`The tool "${call.toolName}" is no longer configured on this agent`);
          const output = await invokeTool(agentTool, call.input, call.toolCallId, ctx.run, usedTools);
          results.content.push({
            type: 'tool-result',
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: 'text', value: output },
          });
        }
        messages = [...checkpoint.messages, results];
      } else {
        const rejectedRows = new Set(
          checkpoint.pendingToolCalls.map((c) => tools.find((t) => t.handle.name === c.toolName)?.row),
        );
        tools = tools.filter((t) => !rejectedRows.has(t.row));
        messages = withoutLastToolRequest(checkpoint.messages);
      }
    } else {
      messages = (await buildConversation(ctx, conversationInputs(inputs, 'agent'), model)).messages;
      if (resume?.type === 'proceed') {
        // The saved checkpoint is gone: ask again, and the person's approval covers this turn's calls.
        askFirst = false;
      } else if (resume?.type === 'reject') {
        tools = tools.filter((t) => !t.requiresApproval);
      }
    }

    const schema = structuredOutputSchema(inputs.agentStructuredOutput);
    const turn = await runAgentLoop({
      model,
      tools,
      messages,
      approvals: askFirst,
      stream: ctx.isLastNode && !schema,
      run: ctx.run,
      usedTools,
    });
    const availableTools = tools.map((t) => ({
      name: t.handle.name,
      description: t.handle.description,
      schema: '~standard' in t.handle.inputSchema ? undefined : t.handle.inputSchema,
      toolNode: t.toolNode,
    }));
    const end = ctx.run.services.now();
    const timeMetadata = {
      start: start.getTime(),
      end: end.getTime(),
      delta: end.getTime() - start.getTime(),
    };
    const usage = usageMetadata(turn.usage);

    if (turn.pending.length > 0) {
      const calls = turn.pending.map((c) => ({ name: c.toolName, args: c.input, id: c.toolCallId }));
      const content = `${turn.text ? `${turn.text}\n\n` : ''}Attempting to use tool:\n${JSON.stringify(calls, null, 2)}`;
      const checkpointOut: ToolApprovalCheckpoint = {
        messages: turn.messages,
        pendingToolCalls: turn.pending,
        usedTools,
      };
      return {
        id: ctx.node.id,
        name: 'agentAgentflow',
        input: { ...checkpointOut },
        output: {
          content,
          isWaitingForHumanInput: true,
          calledTools: calls,
          availableTools,
          timeMetadata,
          ...(usage && { usageMetadata: usage }),
        },
        state: ctx.state,
      };
    }

    let content = turn.text;
    let structured: Record<string, unknown> | undefined;
    if (schema) {
      const result = await callModel({
        model,
        messages: [
          { role: 'system', content: STRUCTURE_INSTRUCTION },
          { role: 'user', content: turn.text },
        ],
        stream: false,
        run: ctx.run,
        schema,
      });
      structured = result.object;
      content = `\`\`\`json\n${JSON.stringify(structured, null, 2)}\n\`\`\``;
      if (ctx.isLastNode) ctx.run.emit('token', content);
    }
    const sourceDocuments = usedTools.flatMap((used) => used.sourceDocuments ?? []);
    if (ctx.isLastNode && sourceDocuments.length > 0) ctx.run.emit('sourceDocuments', sourceDocuments);
    if (ctx.isLastNode && usedTools.length > 0) ctx.run.emit('usedTools', usedTools);
    return {
      id: ctx.node.id,
      name: 'agentAgentflow',
      input: { messages },
      output: {
        ...structured,
        content,
        ...(usedTools.length > 0 && { usedTools }),
        ...(sourceDocuments.length > 0 && { sourceDocuments }),
        availableTools,
        timeMetadata,
        ...(usage && { usageMetadata: usage }),
      },
      state: applyStateUpdates(
        ctx.state,
        inputs.agentUpdateState,
        structured ? JSON.stringify(structured) : content,
      ),
      chatHistory: [
        ...historyPrefix,
        {
          role: answerRole(inputs.agentReturnResponseAs),
          content,
          name: historyName(ctx.node.label, ctx.node.id),
        },
      ],
    };
  },
};
