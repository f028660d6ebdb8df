import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { json, startFakeService, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';

import { toolAgent } from '../../agents/toolAgent/toolAgent.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { calculator } from '../../tools/calculator/calculator.js';
import { BEDROCK_LIMITS } from '../../llm/bedrock-client.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { agentAgentflow } from '../../agentflow/agentAgentflow/agentAgentflow.js';
import { nodeContext, testServices } from '../../agentflow/common/test-harness.js';
import { awsChatBedrock, bedrockModelId } from './awsChatBedrock.js';

let llm: TestLlmServer;
beforeAll(async () => {
  llm = await startTestLlmServer();
  BEDROCK_LIMITS.maxAttempts = 1;
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const KEYS = { awsKey: 'AKIATEST', awsSecret: 'secret-test', awsSession: 'session-test' };
const engine = (credential: Record<string, unknown> = KEYS, services: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [awsChatBedrock, toolAgent, calculator, bufferMemory, ...CHAIN_NODES],
    credentials: { aws: { credentialName: 'awsApi', data: credential } },
    services,
  });
const bedrock = (inputs: Record<string, unknown> = {}, endpoint = llm.url) => ({
  id: 'awsChatBedrock_0',
  type: awsChatBedrock,
  credential: 'aws',
  inputs: { region: 'eu-west-1', model: 'amazon.nova-lite-v1:0', endpointHost: endpoint, ...inputs },
});
type Converse = {
  system?: { text: string }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of the request, read loosely
  messages: { role: string; content: Record<string, any>[] }[];
  inferenceConfig?: Record<string, unknown>;
  toolConfig?: { tools: { toolSpec: { name: string } }[] };
};
const body = (index: number) => llm.requests[index]!.body as Converse;

describe('AWS Bedrock chat model', () => {
  it('calls Converse signed with the credential, with the model, region settings and prompt', async () => {
    const result = await engine().run(
      llmChainWith(bedrock({ temperature: 0.3, max_tokens_to_sample: 120 })),
      {
        question: 'Hi Bedrock',
      },
    );
    expect(result.output.text).toBe('Hello from the test LLM. You said: Hi Bedrock');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/model/amazon.nova-lite-v1%3A0/converse');
    expect(String(request.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/eu-west-1\/bedrock\/aws4_request/,
    );
    expect(request.headers['x-amz-security-token']).toBe('session-test');
    expect(body(0)).toMatchObject({
      messages: [{ role: 'user', content: [{ text: 'Hi Bedrock' }] }],
      inferenceConfig: { maxTokens: 120, temperature: 0.3 },
    });
  });

  it('streams over ConverseStream (the AWS event stream)', async () => {
    llm.script({ text: 'streamed from bedrock' });
    const result = await engine().run(llmChainWith(bedrock()), { question: 'x', streaming: true });
    expect(streamedText(result.events)).toBe('streamed from bedrock');
    expect(result.output.text).toBe('streamed from bedrock');
    expect(llm.requests[0]!.path).toBe('/model/amazon.nova-lite-v1%3A0/converse-stream');
  });

  it.each([false, true])('lets the Tool Agent call the calculator (streaming %s)', async (streaming) => {
    const flow = buildFlow(
      [
        bedrock(),
        { id: 'bufferMemory_0', type: bufferMemory },
        { id: 'calculator_0', type: calculator },
        { id: 'toolAgent_0', type: toolAgent },
      ],
      [
        ['awsChatBedrock_0', 'toolAgent_0', 'model'],
        ['bufferMemory_0', 'toolAgent_0', 'memory'],
        ['calculator_0', 'toolAgent_0', 'tools'],
      ],
    );
    const result = await engine().run(flow, {
      question: 'What is 6 * 7? [[tool:calculator {"input":"6 * 7"}]]',
      streaming,
    });
    expect(result.output.text).toBe('The tool said 42');
    expect(result.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6 * 7' }, toolOutput: '42' },
    ]);
    expect(body(0).toolConfig!.tools.map((t) => t.toolSpec.name)).toEqual(['calculator']);
    const second = body(1).messages;
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      content: [{ toolUse: { name: 'calculator', input: { input: '6 * 7' } } }],
    });
    expect(second.at(-1)).toMatchObject({
      role: 'user',
      content: [{ toolResult: { content: [{ text: '42' }] } }],
    });
    expect(second.at(-1)!.content[0]!.toolResult.toolUseId).toBe(
      second.at(-2)!.content[0]!.toolUse.toolUseId,
    );
  });

  it('runs as the model of an agentflow Agent node, calling the calculator', async () => {
    const services = testServices({
      credentials: { get: () => Promise.resolve({ credentialName: 'awsApi', data: KEYS }) },
    });
    llm.script({ toolCalls: [{ name: 'calculator', arguments: { input: '7*6' }, id: 'tooluse_1' }] });
    const result = await agentAgentflow.run(
      nodeContext(
        agentAgentflow,
        {
          agentModel: 'awsChatBedrock',
          agentModelConfig: {
            agentModel: 'awsChatBedrock',
            region: 'us-west-2',
            model: 'amazon.nova-pro-v1:0',
            endpointHost: llm.url,
            FLOWISE_CREDENTIAL_ID: 'aws',
          },
          agentTools: [
            { agentSelectedTool: 'calculator', agentSelectedToolConfig: { agentSelectedTool: 'calculator' } },
          ],
        },
        { services },
      ),
    );
    expect(result.output.content).toBe('The tool said 42');
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests.every((r) => /^\/model\/amazon\.nova-pro-v1%3A0\/converse/.test(r.path))).toBe(true);
  });

  it('names the node on throttling, refusals and answers that are not Bedrock’s', async () => {
    await expect(
      engine().run(llmChainWith(bedrock()), { question: '[[error:429 Too many requests]]' }),
    ).rejects.toThrow(
      /AWS Bedrock: Bedrock is throttling requests \(ThrottlingException: Too many requests\)/,
    );
    await expect(
      engine().run(llmChainWith(bedrock()), { question: '[[error:403 The security token is invalid]]' }),
    ).rejects.toThrow(
      /AWS Bedrock: AWS refused the request \(AccessDeniedException: The security token is invalid\)/,
    );
    await expect(
      engine().run(llmChainWith(bedrock()), { question: '[[error:429 slow down]]', streaming: true }),
    ).rejects.toThrow(/AWS Bedrock: Bedrock is throttling requests/);
    const garbage = await startFakeService(() => json(200, {}));
    garbage.mode = 'garbage';
    try {
      await expect(engine().run(llmChainWith(bedrock({}, garbage.url)), { question: 'x' })).rejects.toThrow(
        /AWS Bedrock: the Bedrock endpoint answered something that is not Bedrock's format/,
      );
    } finally {
      await garbage.close();
    }
  });

  it("uses the server's own AWS credentials only when the operator allows it", async () => {
    await expect(engine({}).run(llmChainWith(bedrock()), { question: 'x' })).rejects.toThrow(
      /connect an AWS credential with an access key and secret.*FLOWLOOM_AWS_SERVER_CREDENTIALS=true/,
    );
    await expect(engine({ awsKey: 'AKIA' }).run(llmChainWith(bedrock()), { question: 'x' })).rejects.toThrow(
      /needs both the access key and the secret access key/,
    );
    await expect(
      engine({ roleArn: 'arn:aws:iam::1:role/x' }).run(llmChainWith(bedrock()), { question: 'x' }),
    ).rejects.toThrow(/Role ARN of the AWS credential is not supported yet/);
    expect(llm.requests).toHaveLength(0);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIASERVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'server-secret');
    try {
      await engine({}, { awsServerCredentials: true }).run(llmChainWith(bedrock()), { question: 'x' });
      expect(String(llm.requests[0]!.headers.authorization)).toContain('Credential=AKIASERVER/');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('checks its inputs: region, endpoint host and model ARN', async () => {
    await expect(engine().run(llmChainWith(bedrock({ region: 'mars' })), { question: 'x' })).rejects.toThrow(
      /"mars" is not an AWS region/,
    );
    await expect(
      engine().run(llmChainWith(bedrock({ endpointHost: 'arn:aws:bedrock:us-east-1:1:imported-model/x' })), {
        question: 'x',
      }),
    ).rejects.toThrow(/holds an ARN; enter it as the Custom Model ARN/);
    await expect(
      engine().run(llmChainWith(bedrock({ customModel: 'my-model' })), { question: 'x' }),
    ).rejects.toThrow(/Custom Model ARN must be a whole Bedrock ARN/);
  });

  it('names the inference profile of models AWS serves only through one', () => {
    const id = (model: string, region = 'us-east-1', global = false) =>
      bedrockModelId('n', region, model, undefined, global);
    expect(id('anthropic.claude-haiku-4-5-20251001-v1:0')).toBe(
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(id('anthropic.claude-haiku-4-5-20251001-v1:0', 'eu-west-1')).toBe(
      'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(id('anthropic.claude-3-haiku-20240307-v1:0')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(id('amazon.nova-lite-v1:0', 'us-east-1', true)).toBe('global.amazon.nova-lite-v1:0');
    expect(id('apac.amazon.nova-lite-v1:0')).toBe('apac.amazon.nova-lite-v1:0');
  });
});
