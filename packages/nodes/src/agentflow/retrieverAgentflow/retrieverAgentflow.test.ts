import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { DOCUMENT_STORES_UNAVAILABLE, retrieverAgentflow } from './retrieverAgentflow.js';

describe('retrieverAgentflow', () => {
  it('loads with the Flowise inputs', () => {
    expect(retrieverAgentflow.definition.inputs.map((i) => i.name)).toEqual([
      'retrieverKnowledgeDocumentStores',
      'retrieverQuery',
      'outputFormat',
      'retrieverUpdateState',
    ]);
  });

  it('fails clearly when run, since document stores do not exist yet', async () => {
    await expect(retrieverAgentflow.run(nodeContext(retrieverAgentflow, {}))).rejects.toThrow(
      DOCUMENT_STORES_UNAVAILABLE,
    );
    expect(DOCUMENT_STORES_UNAVAILABLE).toMatch(/Document stores are not available yet/);
  });
});
