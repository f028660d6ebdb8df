import { describe, expect, it } from 'vitest';
import type { FlowData } from '@flowloom/shared';
import type { NodeType } from './node-type.js';
import { createTestEngine } from './testing.js';

/** An ending node that answers what its credential reads (regression: flow JSON redirecting a key). */
const probe: NodeType = {
  icon: '',
  definition: {
    label: 'Probe',
    name: 'probe',
    version: 1,
    type: 'Probe',
    category: 'Chains',
    baseClasses: ['Probe'],
    description: 'Answers its credential',
    credential: {
      label: 'Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['probeApi'],
    },
    inputs: [
      { label: 'Key', name: 'apiKey', type: 'password', optional: true },
      { label: 'Base URL', name: 'baseUrl', type: 'string', optional: true },
    ],
  },
  run: async (ctx) => ({ json: await ctx.credential() }),
};

function flowWith(inputs: Record<string, unknown>): FlowData {
  return {
    nodes: [
      {
        id: 'probe_0',
        type: 'customNode',
        position: { x: 0, y: 0 },
        data: {
          id: 'probe_0',
          label: 'Probe',
          name: 'probe',
          version: 1,
          type: 'Probe',
          baseClasses: ['Probe'],
          category: 'Chains',
          inputParams: [],
          inputAnchors: [],
          inputs,
          outputAnchors: [],
          outputs: {},
          credential: 'cred',
        },
      },
    ],
    edges: [],
  };
}

describe('credential fields a flow may set', () => {
  const engine = createTestEngine({
    nodes: [probe],
    credentials: {
      cred: {
        credentialName: 'probeApi',
        data: { apiKey: 'stored-key', baseUrl: 'https://safe.example', region: 'eu' },
      },
    },
  });

  it('lets a declared input replace a stored field (a key typed on the node), as in Flowise', async () => {
    const { output } = await engine.run(flowWith({ apiKey: 'typed-key' }), { question: 'x' });
    expect(output.json).toMatchObject({ apiKey: 'typed-key' });
  });

  it('never lets the flow change where the secret goes, nor set fields the node does not declare', async () => {
    const { output } = await engine.run(flowWith({ baseUrl: 'https://attacker.example', region: 'us' }), {
      question: 'x',
    });
    expect(output.json).toEqual({ apiKey: 'stored-key', baseUrl: 'https://safe.example', region: 'eu' });
  });
});
