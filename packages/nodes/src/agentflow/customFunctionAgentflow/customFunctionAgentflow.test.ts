import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { customFunctionAgentflow } from './customFunctionAgentflow.js';

const run = (inputs: Record<string, unknown>, extra: Parameters<typeof nodeContext>[2] = {}) =>
  customFunctionAgentflow.run(nodeContext(customFunctionAgentflow, inputs, extra));

describe('customFunctionAgentflow', () => {
  it('exposes input variables, $flow and $vars to the code and returns its text', async () => {
    const result = await run(
      {
        customFunctionInputVariables: [{ variableName: 'name', variableValue: 'Ada' }],
        customFunctionJavascriptFunction:
          'return `${$name} ${$flow.state.n} ${$flow.sessionId} ${$vars.X} ${$flow.input}`;',
        customFunctionUpdateState: [{ key: 'out', value: '{{ output }}' }],
      },
      { state: { n: 1 }, run: { ...nodeContext(customFunctionAgentflow, {}).run, vars: { X: 'x' } } },
    );
    expect(result.output.content).toBe('Ada 1 test-chat x hello');
    expect(result.state).toEqual({ n: 1, out: 'Ada 1 test-chat x hello' });
  });

  it('returns objects as indented JSON and streams them as the last node', async () => {
    const emitted: unknown[][] = [];
    const result = await run(
      { customFunctionJavascriptFunction: 'return { a: 1 };' },
      { isLastNode: true, emitted },
    );
    expect(result.output.content).toBe('{\n  "a": 1\n}');
    expect(emitted).toEqual([['token', '{\n  "a": 1\n}']]);
  });

  it('fails with the error the code threw, and on an empty function', async () => {
    await expect(run({ customFunctionJavascriptFunction: 'throw new Error("nope");' })).rejects.toThrow(
      'nope',
    );
    await expect(run({ customFunctionJavascriptFunction: '' })).rejects.toThrow(/empty/);
  });
});
