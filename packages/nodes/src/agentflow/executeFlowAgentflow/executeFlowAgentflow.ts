import {
  applyStateUpdates,
  type AgentflowNodeType,
  type FlowRunRequest,
  type GuardedFetch,
} from '@flowloom/engine';
import { objectInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { answerRole } from '../common/conversation.js';
import { agentflowDefinition, returnResponseAsParam, updateStateParam } from '../common/params.js';
import { historyName, textInput } from '../common/values.js';
import { listFlows, listRuntimeStateKeys } from '../common/load-methods.js';

/** The answer text of a prediction response: `text`, else its `json`, else the whole body. */
export function answerOf(body: unknown): string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof record.text === 'string' && record.text) return record.text;
  if (record.json !== undefined) return `\`\`\`json\n${JSON.stringify(record.json, null, 2)}\n\`\`\``;
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/** Runs the flow on another server through its prediction API, over the guarded HTTP client. */
export async function predictRemotely(
  http: GuardedFetch,
  baseUrl: string,
  flowId: string,
  { question, chatId, overrideConfig, apiKey, signal }: FlowRunRequest,
): Promise<unknown> {
  const response = await http(
    `${baseUrl.replace(/\/+$/, '')}/api/v1/prediction/${encodeURIComponent(flowId)}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // Turns streaming off in the child (Flowise).
        'flowise-tool': 'true',
        ...(apiKey && { authorization: `Bearer ${apiKey}` }),
      },
      body: JSON.stringify({ question, chatId, ...(overrideConfig && { overrideConfig }) }),
      signal,
    },
  );
  const raw = await response.text();
  let body: unknown = raw;
  try {
    body = JSON.parse(raw) as unknown;
  } catch {
    // a plain-text answer
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : raw.slice(0, 500);
    throw new Error(`The flow ${flowId} failed (HTTP ${response.status}): ${message}`);
  }
  return body;
}

/**
 * Runs another flow with the same chat id, in this server (the engine's `runFlow`, limited to the
 * workspace) or, with a Base URL, through that server's prediction API; its answer is this node's
 * output (AGENTFLOW_V2.md §1.15).
 */
export const executeFlowAgentflow: AgentflowNodeType = {
  icon: badgeIcon('⇢', '#a3b18a'),
  definition: agentflowDefinition({
    label: 'Execute Flow',
    name: 'executeFlowAgentflow',
    version: 1.2,
    type: 'ExecuteFlow',
    color: '#a3b18a',
    description: 'Execute another flow',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['chatflowApi'],
      optional: true,
    },
    inputs: [
      {
        label: 'Select Flow',
        name: 'executeFlowSelectedFlow',
        type: 'asyncOptions',
        loadMethod: 'listFlows',
      },
      { label: 'Input', name: 'executeFlowInput', type: 'string', rows: 4, acceptVariable: true },
      {
        label: 'Override Config',
        name: 'executeFlowOverrideConfig',
        description: 'Override the config passed to the flow',
        type: 'json',
        optional: true,
        acceptVariable: true,
      },
      {
        label: 'Base URL',
        name: 'executeFlowBaseURL',
        type: 'string',
        description:
          'Base URL of another Flowise or Flowloom server to run the flow on. By default, the flow runs on this server, in this workspace.',
        placeholder: 'http://localhost:3000',
        optional: true,
      },
      returnResponseAsParam('executeFlowReturnResponseAs'),
      updateStateParam('executeFlowUpdateState'),
    ],
  }),
  loadMethods: { listFlows, listRuntimeStateKeys },
  async run(ctx) {
    const { inputs } = ctx;
    const flowId = stringInput(inputs.executeFlowSelectedFlow);
    if (!flowId) throw new Error('Select the flow to execute');
    if (flowId === ctx.run.flowId) throw new Error('Cannot call the same agentflow!');
    const question = textInput(inputs.executeFlowInput) || ctx.input;
    let overrideConfig: Record<string, unknown> | undefined;
    try {
      overrideConfig = objectInput(inputs.executeFlowOverrideConfig);
    } catch {
      throw new Error('The Override Config is not a valid JSON object');
    }
    const apiKey = stringInput((await ctx.credential()).chatflowApiKey);
    const request: FlowRunRequest = {
      question,
      chatId: ctx.run.chatId,
      ...(overrideConfig && { overrideConfig }),
      ...(apiKey && { apiKey }),
      signal: ctx.run.signal,
    };
    // A Base URL sends the run to another server; otherwise the flow runs here, in this workspace.
    const baseUrl = stringInput(inputs.executeFlowBaseURL);
    const body = baseUrl
      ? await predictRemotely(ctx.run.services.http, baseUrl, flowId, request)
      : await ctx.run.services.runFlow(flowId, request);
    const content = answerOf(body);
    if (ctx.isLastNode && content) ctx.run.emit('token', content);
    const extras = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    return {
      id: ctx.node.id,
      name: 'executeFlowAgentflow',
      input: { messages: [{ role: 'user', content: question }] },
      output: {
        content,
        ...(extras.sourceDocuments !== undefined && { sourceDocuments: extras.sourceDocuments }),
        ...(extras.usedTools !== undefined && { usedTools: extras.usedTools }),
        ...(extras.artifacts !== undefined && { artifacts: extras.artifacts }),
      },
      state: applyStateUpdates(ctx.state, inputs.executeFlowUpdateState, content),
      chatHistory: [
        ...(ctx.runtimeHistory.length === 0 ? [{ role: 'user' as const, content: question }] : []),
        {
          role: answerRole(inputs.executeFlowReturnResponseAs),
          content,
          name: historyName(ctx.node.label, ctx.node.id),
        },
      ],
    };
  },
};
