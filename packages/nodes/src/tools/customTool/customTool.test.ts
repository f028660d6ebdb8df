import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type CustomToolRecord, type LoadMethodContext } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { toolAgent } from '../../agents/toolAgent/toolAgent.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { createQuickJsSandbox } from '../../sandbox/quickjs.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { nodeContext } from '../../testing/node-context.js';
import type { ToolHandle } from '../tool.js';
import { argumentsSchema, customTool } from './customTool.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const weather: CustomToolRecord = {
  id: 'tool-1',
  name: 'get_weather',
  description: 'Current weather of a city',
  schema: JSON.stringify([
    { id: 0, property: 'city', description: 'City name', type: 'string', required: true },
    { id: 1, property: 'units', description: '', type: 'string', required: false },
  ]),
  func: `const fetch = require('node-fetch');
const res = await fetch('https://weather.example/now?city=' + encodeURIComponent($city));
const data = await res.json();
return $city + ': ' + data.temp + ($units === 'f' ? 'F' : 'C') + ' (' + $vars.team + ', ' + $flow.sessionId + ')';`,
};
const fetched: string[] = [];
const sandbox = createQuickJsSandbox({
  http: (url) => {
    fetched.push(url);
    return Promise.resolve(Response.json({ temp: 21 }));
  },
});
const signal = new AbortController().signal;

describe('Custom Tool', () => {
  it('runs the saved code in the sandbox with $args, $vars and $flow', async () => {
    const ctx = nodeContext(customTool, {
      inputs: { selectedTool: 'tool-1' },
      services: { tools: { get: (id) => Promise.resolve(id === 'tool-1' ? weather : undefined) }, sandbox },
      run: { vars: { team: 'ops' }, sessionId: 's-9' },
    });
    const tool = (await customTool.init!(ctx)) as ToolHandle;
    expect(tool.name).toBe('get_weather');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, units: { type: 'string' } },
      required: ['city'],
    });
    expect(await tool.invoke({ city: 'Oslo' }, { signal })).toBe('Oslo: 21C (ops, s-9)');
    expect(fetched.at(-1)).toBe('https://weather.example/now?city=Oslo');
  });

  it('is called by a Tool Agent, its answer going back to the model', async () => {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'bufferMemory_0', type: bufferMemory },
        { id: 'customTool_0', type: customTool, inputs: { selectedTool: 'tool-1' } },
        { id: 'toolAgent_0', type: toolAgent },
      ],
      [
        ['chatOpenAI_0', 'toolAgent_0', 'model'],
        ['bufferMemory_0', 'toolAgent_0', 'memory'],
        ['customTool_0', 'toolAgent_0', 'tools'],
      ],
    );
    const result = await createTestEngine({
      nodes: [chatOpenAI, bufferMemory, customTool, toolAgent],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
      tools: [weather],
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, sandbox },
    }).run(flow, {
      question: 'Weather? [[tool:get_weather {"city":"Rome","units":"f"}]]',
      vars: { team: 'web' },
    });
    expect(result.output.text).toBe('The tool said Rome: 21F (web, test-chat)');
    expect(result.output.usedTools).toEqual([
      {
        tool: 'get_weather',
        toolInput: { city: 'Rome', units: 'f' },
        toolOutput: 'Rome: 21F (web, test-chat)',
      },
    ]);
    const offered = (
      llm.requests[0]!.body as { tools: { function: { name: string; parameters: unknown } }[] }
    ).tools;
    expect(offered[0]!.function).toMatchObject({ name: 'get_weather', parameters: { required: ['city'] } });
  });

  it('passes errors of the code on, and returns objects as JSON', async () => {
    const failing: CustomToolRecord = { ...weather, id: 't2', func: 'throw new Error("city unknown")' };
    const json: CustomToolRecord = { ...weather, id: 't3', func: 'return { city: $city, ok: true }' };
    const build = async (record: CustomToolRecord) =>
      (await customTool.init!(
        nodeContext(customTool, {
          inputs: { selectedTool: record.id },
          services: { tools: { get: () => Promise.resolve(record) }, sandbox },
        }),
      )) as ToolHandle;
    await expect((await build(failing)).invoke({ city: 'x' }, { signal })).rejects.toThrow('city unknown');
    expect(await (await build(json)).invoke({ city: 'Lyon' }, { signal })).toBe('{"city":"Lyon","ok":true}');
  });

  it('reads an overriding schema written in zod syntax', async () => {
    const tool = (await customTool.init!(
      nodeContext(customTool, {
        inputs: { selectedTool: 'tool-1', customToolSchema: 'z.object({ q: z.string() // the query\n})' },
        services: { tools: { get: () => Promise.resolve(weather) }, sandbox },
      }),
    )) as ToolHandle;
    expect('~standard' in tool.inputSchema).toBe(true);
  });

  it('lists the workspace tools for its Select Tool input and explains a missing tool', async () => {
    const options = await customTool.loadMethods!.listTools!({
      services: { listTools: () => Promise.resolve([weather]) },
    } as unknown as LoadMethodContext);
    expect(options).toEqual([
      { label: 'get_weather', name: 'tool-1', description: 'Current weather of a city' },
    ]);
    const missing = nodeContext(customTool, { inputs: { selectedTool: 'gone' } });
    await expect(customTool.init!(missing)).rejects.toThrow('Tool gone was not found in this workspace');
  });

  it('maps every argument type of the Tools page', () => {
    const schema = argumentsSchema(
      JSON.stringify([
        { property: 'd', type: 'date', description: 'when' },
        { property: 'o', type: 'object', description: '' },
        { property: 'a', type: 'array', description: '' },
      ]),
    );
    expect(schema.properties).toEqual({
      d: { type: 'string', description: 'A date (ISO 8601). when' },
      o: { type: 'object' },
      a: { type: 'array', items: {} },
    });
    expect(() => argumentsSchema('[{"property": "x", "type": "uuid"}]')).toThrow(/argument list is invalid/);
  });
});
