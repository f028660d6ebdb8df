import { describe, expect, it } from 'vitest';
import { credentialIdsIn } from './credential-ids.js';

describe('credentialIdsIn', () => {
  it('finds node credentials, FLOWISE_CREDENTIAL_ID at any depth and component-config credentials', () => {
    const flow = {
      nodes: [
        { id: 'a', data: { credential: 'c1', inputs: { FLOWISE_CREDENTIAL_ID: 'c2' } } },
        {
          id: 'b',
          data: {
            inputs: {
              llmModelConfig: { credential: 'c3', nested: [{ FLOWISE_CREDENTIAL_ID: 'c4' }] },
              agentTools: [{ agentSelectedToolConfig: { credential: 'c5' } }],
              credential: '',
            },
          },
        },
        null,
        'x',
      ],
      edges: [],
    };
    expect([...credentialIdsIn(JSON.stringify(flow))].sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('answers nothing for invalid or empty flows', () => {
    expect(credentialIdsIn('not json').size).toBe(0);
    expect(credentialIdsIn(undefined).size).toBe(0);
  });

  it('walks a deeply nested input without overflowing the stack', () => {
    const depth = 100_000;
    const deep = `${'['.repeat(depth)}{"credential":"deep"}${']'.repeat(depth)}`;
    const text = `{"nodes":[{"id":"a","data":{"inputs":{"x":${deep}}}}],"edges":[]}`;
    expect([...credentialIdsIn(text)]).toEqual(['deep']);
  });
});
