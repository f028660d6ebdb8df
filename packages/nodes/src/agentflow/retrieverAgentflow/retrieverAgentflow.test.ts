import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { EngineServices } from '@flowloom/engine';
import { nodeContext, testServices } from '../common/test-harness.js';
import { seedStores, storeRecord } from '../../testing/document-store-fixture.js';
import { retrieverAgentflow } from './retrieverAgentflow.js';

let llm: TestLlmServer;
let services: EngineServices;
beforeAll(async () => {
  llm = await startTestLlmServer();
  services = testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } });
  await seedStores(services, [
    {
      record: storeRecord('fruit-id', 'fruit'),
      documents: [
        { pageContent: 'red apples grow on trees', metadata: { source: 'a' } },
        { pageContent: 'yellow bananas are long', metadata: { source: 'b' } },
      ],
    },
    {
      record: storeRecord('cars-id', 'cars'),
      documents: [{ pageContent: 'red cars are fast', metadata: { source: 'c' } }],
    },
  ]);
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

describe('retrieverAgentflow', () => {
  it('loads with the Flowise inputs', () => {
    expect(retrieverAgentflow.definition.inputs.map((i) => i.name)).toEqual([
      'retrieverKnowledgeDocumentStores',
      'retrieverQuery',
      'outputFormat',
      'retrieverUpdateState',
    ]);
  });

  it("searches every chosen store with the query and answers the documents' text", async () => {
    const emitted: unknown[][] = [];
    const result = await retrieverAgentflow.run(
      nodeContext(
        retrieverAgentflow,
        {
          retrieverKnowledgeDocumentStores: [
            { documentStore: 'fruit-id:fruit' },
            { documentStore: 'cars-id:cars' },
          ],
          retrieverQuery: 'red',
          outputFormat: 'text',
          retrieverUpdateState: [{ key: 'found', value: '{{ output }}' }],
        },
        { services, emitted, isLastNode: true, state: { found: '' } },
      ),
    );
    const content = result.output.content as string;
    expect(content.split('\n')[0]).toBe('red apples grow on trees');
    expect(content).toContain('red cars are fast');
    expect(result.output.sourceDocuments).toHaveLength(3);
    expect(emitted).toContainEqual(['token', content]);
    expect(result.state.found).toBe(content);
  });

  it('answers JSON with metadata, and uses the input when the query is empty', async () => {
    const result = await retrieverAgentflow.run(
      nodeContext(
        retrieverAgentflow,
        {
          retrieverKnowledgeDocumentStores: [{ documentStore: 'fruit-id:fruit' }],
          outputFormat: 'textWithMetadata',
        },
        { services, input: 'bananas' },
      ),
    );
    const docs = JSON.parse(result.output.content as string) as {
      pageContent: string;
      metadata: Record<string, unknown>;
    }[];
    expect(docs[0]).toEqual({ pageContent: 'yellow bananas are long', metadata: { source: 'b' } });
  });

  it('says which store is missing, and that one must be chosen', async () => {
    await expect(
      retrieverAgentflow.run(
        nodeContext(
          retrieverAgentflow,
          { retrieverKnowledgeDocumentStores: [{ documentStore: 'gone:old' }] },
          { services },
        ),
      ),
    ).rejects.toThrow('Document store gone not found');
    await expect(retrieverAgentflow.run(nodeContext(retrieverAgentflow, {}, { services }))).rejects.toThrow(
      /Choose at least one document store/,
    );
  });
});
