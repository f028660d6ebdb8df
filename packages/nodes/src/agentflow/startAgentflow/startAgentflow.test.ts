import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { startAgentflow } from './startAgentflow.js';

const run = (inputs: Record<string, unknown>, extra: Parameters<typeof nodeContext>[2] = {}) =>
  startAgentflow.run(nodeContext(startAgentflow, inputs, extra));

describe('startAgentflow', () => {
  it('declares the flow state, with values carried over from the session winning', async () => {
    const result = await run(
      {
        startState: [
          { key: 'a', value: '1' },
          { key: 'b', value: '2' },
          { key: '', value: 'x' },
        ],
      },
      { state: { b: 'kept' } },
    );
    expect(result.state).toEqual({ a: '1', b: 'kept' });
    expect(result.output).toEqual({ question: 'hello' });
    expect(result.input).toEqual({ question: 'hello' });
  });

  it('hands the form values on in form mode', async () => {
    const result = await run({ startInputType: 'formInput' }, { form: { email: 'a@b.c' } });
    expect(result.output.form).toEqual({ email: 'a@b.c' });
  });

  it('flags ephemeral memory and persisted state', async () => {
    const result = await run({ startEphemeralMemory: true, startPersistState: true, startState: '' });
    expect(result.output).toMatchObject({ ephemeralMemory: true, persistState: true });
    expect(result.state).toEqual({});
  });

  it.each(['webhookTrigger', 'scheduleInput'])('refuses to run a %s start', async (startInputType) => {
    await expect(run({ startInputType })).rejects.toThrow(/does not support yet/);
  });

  it('has no input handle and the Flowise colour and version', () => {
    expect(startAgentflow.definition).toMatchObject({
      hideInput: true,
      color: '#7EE787',
      version: 1.4,
      category: 'Agent Flows',
      baseClasses: ['Start'],
    });
  });
});
