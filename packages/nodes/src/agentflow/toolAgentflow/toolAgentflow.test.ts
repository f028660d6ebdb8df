import { describe, expect, it } from 'vitest';
import { nodeContext, testServices } from '../common/test-harness.js';
import { toolAgentflow } from './toolAgentflow.js';

describe('toolAgentflow', () => {
  it('calls the chosen tool node with the given arguments and updates the state', async () => {
    const result = await toolAgentflow.run(
      nodeContext(toolAgentflow, {
        toolAgentflowSelectedTool: 'calculator',
        toolAgentflowSelectedToolConfig: { toolAgentflowSelectedTool: 'calculator' },
        toolInputArgs: [{ inputArgName: 'input', inputArgValue: '2 + 3' }],
        toolUpdateState: [{ key: 'sum', value: '{{ output }}' }],
      }),
    );
    expect(result.output.content).toBe('5');
    expect(result.state).toEqual({ sum: '5' });
    expect(result.input).toMatchObject({ selectedTool: 'calculator' });
  });

  it('passes JSON-looking values as JSON and reaches the network only through the guarded client', async () => {
    const urls: string[] = [];
    const services = testServices({
      http: (url) => {
        urls.push(url);
        return Promise.resolve(new Response('page text'));
      },
    });
    const result = await toolAgentflow.run(
      nodeContext(
        toolAgentflow,
        {
          toolAgentflowSelectedTool: 'requestsGet',
          toolAgentflowSelectedToolConfig: {},
          toolInputArgs: [{ inputArgName: 'url', inputArgValue: 'https://example.test/a' }],
        },
        { services },
      ),
    );
    expect(result.output.content).toBe('page text');
    expect(urls).toEqual(['https://example.test/a']);
  });

  it('refuses a name that is not a tool node', async () => {
    await expect(
      toolAgentflow.run(nodeContext(toolAgentflow, { toolAgentflowSelectedTool: 'chatOpenAI' })),
    ).rejects.toThrow(/not an available tool/);
  });
});
