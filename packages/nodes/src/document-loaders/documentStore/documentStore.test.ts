import { describe, expect, it } from 'vitest';
import type { DocumentStoreAccess, DocumentStoreSummary, LoadMethodContext } from '@flowloom/engine';
import { loadWith } from '../test-fixtures.js';
import { documentStore } from './documentStore.js';

const stores: DocumentStoreSummary[] = [
  { id: 'store-1', name: 'Handbook', description: 'HR handbook', status: 'SYNC' },
  { id: 'store-2', name: 'Drafts', description: null, status: 'STALE' },
  { id: 'store-3', name: 'Upserted', description: null, status: 'UPSERTED' },
];

const access: DocumentStoreAccess = {
  list: () => Promise.resolve(stores),
  get: (id) =>
    Promise.resolve(
      id === 'store-1'
        ? {
            id,
            name: 'Handbook',
            description: null,
            status: 'SYNC',
            embeddingConfig: null,
            vectorStoreConfig: null,
            recordManagerConfig: null,
          }
        : undefined,
    ),
  chunks: () =>
    Promise.resolve([
      { pageContent: 'Holidays: 25 days.', metadata: { source: 'hr.pdf', loc: { pageNumber: 3 } } },
      { pageContent: 'Sick leave: ask.', metadata: { source: 'hr.pdf' } },
    ]),
};

describe('Document Store loader', () => {
  it('lists the stores whose chunks are ready, by id', async () => {
    const ctx = {
      services: { listDocumentStores: () => Promise.resolve(stores) },
    } as unknown as LoadMethodContext;
    expect(await documentStore.loadMethods!.listStores!(ctx)).toEqual([
      { label: 'Handbook', name: 'store-1', description: 'HR handbook' },
    ]);
  });

  it('loads every chunk of the selected store with its metadata', async () => {
    const docs = await loadWith(
      documentStore,
      { selectedStore: 'store-1' },
      { services: { documentStores: access } },
    );
    expect(docs).toEqual([
      { pageContent: 'Holidays: 25 days.', metadata: { source: 'hr.pdf', loc: { pageNumber: 3 } } },
      { pageContent: 'Sick leave: ask.', metadata: { source: 'hr.pdf' } },
    ]);
    expect(
      await loadWith(
        documentStore,
        { selectedStore: 'store-1' },
        { services: { documentStores: access }, output: 'text' },
      ),
    ).toBe('Holidays: 25 days.\nSick leave: ask.');
  });

  it('says when the store is missing or none is selected', async () => {
    await expect(
      loadWith(documentStore, { selectedStore: 'store-9' }, { services: { documentStores: access } }),
    ).rejects.toThrow(
      'Document Store: the store store-9 does not exist (it may have been deleted); select another',
    );
    await expect(loadWith(documentStore, {})).rejects.toThrow('Document Store: select a store');
  });

  it('has no splitter or metadata inputs', () => {
    expect(documentStore.definition.inputs!.map((i) => i.name)).toEqual(['selectedStore']);
  });
});
