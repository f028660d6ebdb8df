import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PARTS,
  missingVectorFields,
  savedParts,
  takesRecordManager,
  valuesFor,
  vectorConfigBody,
  vectorStoresFirstEmbedded,
} from './vectorConfig';

const def = (
  name: string,
  category: string,
  inputs: NodeDefinition['inputs'],
  extra: Partial<NodeDefinition> = {},
) =>
  ({
    label: name,
    name,
    version: 1,
    type: name,
    category,
    baseClasses: [name],
    description: '',
    icon: '',
    inputs,
    ...extra,
  }) as NodeDefinition;

const OPENAI = def(
  'openAIEmbeddings',
  'Embeddings',
  [{ label: 'Model Name', name: 'modelName', type: 'asyncOptions', default: 'text-embedding-ada-002' }],
  {
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
    },
  },
);
const EMBEDDED = def('embeddedVectorStore', 'Vector Stores', [
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
  { label: 'Record Manager', name: 'recordManager', type: 'RecordManager', optional: true },
  { label: 'Top K', name: 'topK', type: 'number', optional: true },
]);
const FAISS = def('faiss', 'Vector Stores', [
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
  { label: 'Base Path', name: 'basePath', type: 'string' },
]);
const SQLITE = def('SQLiteRecordManager', 'Record Manager', [
  {
    label: 'Cleanup',
    name: 'cleanup',
    type: 'options',
    options: [],
    default: 'none',
    additionalParams: true,
  },
]);

describe('valuesFor', () => {
  it('starts a component at its defaults', () => {
    expect(valuesFor(OPENAI, null)).toEqual({ modelName: 'text-embedding-ada-002' });
    expect(valuesFor(OPENAI, { name: 'cohereEmbeddings', config: { model: 'x' } })).toEqual({
      modelName: 'text-embedding-ada-002',
    });
  });

  it('puts the saved settings over the defaults, the credential under `credential`', () => {
    expect(
      valuesFor(OPENAI, { name: 'openAIEmbeddings', config: { credential: 'c1', modelName: 'small' } }),
    ).toEqual({
      credential: 'c1',
      modelName: 'small',
    });
    expect(valuesFor(SQLITE, { name: 'SQLiteRecordManager', config: {} })).toEqual({ cleanup: 'none' });
    expect(valuesFor(OPENAI, { name: 'openAIEmbeddings', config: { FLOWISE_CREDENTIAL_ID: 'c2' } })).toEqual({
      credential: 'c2',
      modelName: 'text-embedding-ada-002',
    });
  });
});

describe('savedParts', () => {
  it('finds the saved components among those offered; an unknown one is left unchosen', () => {
    const parts = savedParts(
      {
        embedding: { name: 'openAIEmbeddings', config: { credential: 'c1' } },
        vectorStore: { name: 'gone', config: {} },
        recordManager: null,
      },
      { embedding: [OPENAI], vectorStore: [EMBEDDED], recordManager: [SQLITE] },
    );
    expect(parts.embedding.component).toBe(OPENAI);
    expect(parts.embedding.values).toMatchObject({ credential: 'c1' });
    expect(parts.vectorStore.component).toBeUndefined();
    expect(parts.recordManager).toEqual({ values: {} });
  });
});

describe('takesRecordManager', () => {
  it('is true for a vector store with a record manager anchor', () => {
    expect(takesRecordManager(EMBEDDED)).toBe(true);
    expect(takesRecordManager(FAISS)).toBe(false);
    expect(takesRecordManager(undefined)).toBe(false);
  });
});

describe('vectorStoresFirstEmbedded', () => {
  it('puts the embedded vector store first and keeps the order of the others', () => {
    const other = def('pinecone', 'Vector Stores', []);
    expect(vectorStoresFirstEmbedded([FAISS, other, EMBEDDED]).map((item) => item.name)).toEqual([
      'embeddedVectorStore',
      'faiss',
      'pinecone',
    ]);
  });
});

describe('vectorConfigBody', () => {
  const parts = {
    embedding: { component: OPENAI, values: { credential: 'c1', modelName: 'small' } },
    vectorStore: { component: EMBEDDED, values: { topK: 3 } },
    recordManager: { component: SQLITE, values: { cleanup: 'full' } },
  };

  it('sends every chosen part with its settings, strictly saved, with the loader when given', () => {
    expect(vectorConfigBody('s1', parts, 'loader-1')).toEqual({
      storeId: 's1',
      docId: 'loader-1',
      isStrictSave: true,
      embeddingName: 'openAIEmbeddings',
      embeddingConfig: { credential: 'c1', modelName: 'small' },
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: { topK: 3 },
      recordManagerName: 'SQLiteRecordManager',
      recordManagerConfig: { cleanup: 'full' },
    });
  });

  it('sends an unchosen part as "" and null, so the server clears it', () => {
    expect(vectorConfigBody('s1', EMPTY_PARTS)).toEqual({
      storeId: 's1',
      isStrictSave: true,
      embeddingName: '',
      embeddingConfig: null,
      vectorStoreName: '',
      vectorStoreConfig: null,
      recordManagerName: '',
      recordManagerConfig: null,
    });
  });

  it('drops the record manager of a vector store that cannot use one', () => {
    const body = vectorConfigBody('s1', {
      ...parts,
      vectorStore: { component: FAISS, values: { basePath: '/x' } },
    });
    expect(body).toMatchObject({ recordManagerName: '', recordManagerConfig: null });
  });
});

describe('missingVectorFields', () => {
  it('names the empty required fields of the chosen parts', () => {
    expect(
      missingVectorFields({
        embedding: { component: OPENAI, values: { modelName: 'small' } },
        vectorStore: { component: FAISS, values: {} },
        recordManager: { values: {} },
      }),
    ).toEqual(['Connect Credential', 'Base Path']);
    expect(missingVectorFields(EMPTY_PARTS)).toEqual([]);
  });
});
