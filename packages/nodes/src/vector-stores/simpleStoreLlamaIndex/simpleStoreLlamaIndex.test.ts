import { describe, expect, it } from 'vitest';
import { createMemoryVectors } from '@flowloom/engine';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { fruit, storeContexts } from '../../testing/vector-store-contract.js';
import { requireIndexRetriever } from '../llamaindex-store.js';
import { simpleStoreLlamaIndex } from './simpleStoreLlamaIndex.js';

const model = { kind: 'chatModel', label: 'ChatOpenAI', modelName: 'gpt-4o-mini' } as ChatModelHandle;

describe('SimpleStore (LlamaIndex)', () => {
  const vectors = createMemoryVectors();
  const ctx = storeContexts(simpleStoreLlamaIndex, {
    inputs: () => ({ model }),
    services: () => ({ vectors }),
  });
  const search = async (inputs: Record<string, unknown>, flowId: string) =>
    (
      await requireIndexRetriever(
        await simpleStoreLlamaIndex.init!(ctx(inputs, { run: { flowId } })),
      ).retrieve('red apples')
    ).map((d) => d.pageContent);

  it('keeps the vectors in the embedded store, shared by flows naming the same Base Path', async () => {
    const result = await simpleStoreLlamaIndex.upsert!(
      ctx({ basePath: '/data/fruit', document: [fruit] }, { run: { flowId: 'flow-a' } }),
    );
    expect(result.numAdded).toBe(3);
    expect(await vectors.count('simplestore:/data/fruit')).toBe(3);
    expect(await search({ basePath: '/data/fruit', topK: 1 }, 'flow-b')).toEqual([
      'red apples grow on apple trees',
    ]);
    expect(await search({ basePath: '/data/other' }, 'flow-a')).toEqual([]);
  });

  it('uses a collection of the flow’s own without a Base Path, and Top K 4 by default', async () => {
    await simpleStoreLlamaIndex.upsert!(
      ctx({ document: [fruit, fruit.slice(0, 2)] }, { run: { flowId: 'flow-c' } }),
    );
    expect(await vectors.count('flow-c')).toBe(5);
    expect(await search({}, 'flow-c')).toHaveLength(4);
    expect(await search({}, 'flow-d')).toEqual([]);
  });

  it('refuses a Base Path longer than 200 characters', async () => {
    await expect(simpleStoreLlamaIndex.init!(ctx({ basePath: 'x'.repeat(201) }))).rejects.toThrow(
      'Base Path to store is longer than 200 characters',
    );
  });
});
