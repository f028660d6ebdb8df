import { describe, expect, it } from 'vitest';
import { sanitizeDocumentStores, sanitizeTools, stage } from './export-sanitize.js';

describe('export sanitising', () => {
  it('names the failing stage with the SPEC §8 prefix', () => {
    expect(() =>
      stage('sanitizeTool', () => {
        throw new Error('bad row');
      }),
    ).toThrow('exportImport.sanitizeTool bad row');
    const broken = new Proxy({} as never, {
      get() {
        throw new Error('unreadable');
      },
    });
    expect(() => sanitizeTools([broken])).toThrow('exportImport.sanitizeTool unreadable');
  });

  it('drops workspaceId and the credential ids of a store’s component configs', () => {
    const [store] = sanitizeDocumentStores([
      {
        id: 's',
        name: 'Docs',
        description: null,
        loaders: '[{"loaderConfig":{"credential":"c1","url":"x"}}]',
        whereUsed: '[]',
        status: 'SYNC',
        vectorStoreConfig: null,
        embeddingConfig:
          '{"name":"openAIEmbeddings","config":{"credential":"c2","FLOWISE_CREDENTIAL_ID":"c3"}}',
        recordManagerConfig: 'not json',
        workspaceId: 'w',
        createdDate: 'd',
        updatedDate: 'd',
      },
    ]);
    expect(store).not.toHaveProperty('workspaceId');
    expect(store!.loaders).toBe('[{"loaderConfig":{"url":"x"}}]');
    expect(store!.embeddingConfig).toBe('{"name":"openAIEmbeddings","config":{}}');
    expect(store!.recordManagerConfig).toBe('not json');
  });
});
