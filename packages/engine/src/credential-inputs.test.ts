import { describe, expect, it } from 'vitest';
import type { FlowData, NodeDefinition } from '@flowloom/shared';
import type { NodeType } from './node-type.js';
import { createTestEngine } from './testing.js';
import { credentialForNode } from './credential-inputs.js';

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

describe('credentialForNode', () => {
  const slack: Pick<NodeDefinition, 'label' | 'credential'> = {
    label: 'Slack MCP',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['slackOAuth2', 'slackApi'],
    },
  };

  it('hands over the fields of a credential of a type the node takes', () => {
    expect(credentialForNode(slack, { credentialName: 'slackApi', data: { botToken: 'xoxb-1' } })).toEqual({
      botToken: 'xoxb-1',
    });
  });

  it('refuses a credential of another type, so its secret never reaches this node’s service', () => {
    expect(() =>
      credentialForNode(slack, { credentialName: 'gmailOAuth2', data: { access_token: 'ya29' } }),
    ).toThrow('Slack MCP cannot use a gmailOAuth2 credential: choose a slackOAuth2 or slackApi credential');
  });

  it('lets a node without credential types read whatever it was given', () => {
    expect(
      credentialForNode({ label: 'Custom', credential: undefined }, { credentialName: 'x', data: { a: 1 } }),
    ).toEqual({
      a: 1,
    });
  });
});
