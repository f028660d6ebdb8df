import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import { objectInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { answerRole } from '../common/conversation.js';
import { agentflowDefinition, returnResponseAsParam, updateStateParam } from '../common/params.js';
import { historyName, textInput } from '../common/values.js';

/** The answer text of a prediction response: `text`, else its `json`, else the whole body. */
function answerOf(body: unknown): string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof record.text === 'string' && record.text) return record.text;
  if (record.json !== undefined) return `\`\`\`json\n${JSON.stringify(record.json, null, 2)}\n\`\`\``;
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/**
 * Runs another flow through the prediction API (`POST <base>/api/v1/prediction/<id>`) with the same
 * chat id; its answer is this node's output (AGENTFLOW_V2.md §1.15).
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
          'Base URL to Flowise. By default, it is the URL of the incoming request. Useful when you need to execute flow through an alternative route.',
        placeholder: 'http://localhost:3000',
        optional: true,
      },
      returnResponseAsParam('executeFlowReturnResponseAs'),
      updateStateParam('executeFlowUpdateState'),
    ],
  }),
  async run(ctx) {
    const { inputs } = ctx;
    const flowId = stringInput(inputs.executeFlowSelectedFlow);
    if (!flowId) throw new Error('Select the flow to execute');
    if (flowId === ctx.run.flowId) throw new Error('Cannot call the same agentflow!');
    // Without a Base URL, the server's own address (an operator setting, like a provider's base URL).
    const baseUrl =
      stringInput(inputs.executeFlowBaseURL) ?? stringInput(ctx.run.services.providerBaseUrls.flowloom);
    if (!baseUrl) throw new Error('Set the Base URL of the Flowloom server to call');
    const question = textInput(inputs.executeFlowInput) || ctx.input;
    let overrideConfig: Record<string, unknown> | undefined;
    try {
      overrideConfig = objectInput(inputs.executeFlowOverrideConfig);
    } catch {
      throw new Error('The Override Config is not a valid JSON object');
    }
    const credential = await ctx.credential();
    const apiKey = stringInput(credential.chatflowApiKey);
    const response = await ctx.run.services.http(
      `${baseUrl.replace(/\/+$/, '')}/api/v1/prediction/${encodeURIComponent(flowId)}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'flowise-tool': 'true',
          ...(apiKey && { authorization: `Bearer ${apiKey}` }),
        },
        body: JSON.stringify({ question, chatId: ctx.run.chatId, ...(overrideConfig && { overrideConfig }) }),
        signal: ctx.run.signal,
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
