import { describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { isRecordManager, type RecordManagerHandle } from '../record-managers/record-manager.js';
import { embeddedVectorStore } from '../vector-stores/embeddedVectorStore/embeddedVectorStore.js';
import type { SourceDocument } from '@flowloom/shared';
import { describeRecordStoreContract } from './record-store-contract.js';
import { bagOfWordsEmbeddings, doc, fruit, storeContext } from './vector-store-contract.js';

/** What the shared contract needs to know about one SQL record manager. */
export interface RecordManagerUnderTest {
  type: NodeType;
  /** The node's inputs for one table. */
  inputs(table: string): Record<string, unknown>;
  credential: () => Record<string, unknown>;
  /** The table's column names, lower case, empty when it does not exist. */
  columns(table: string): Promise<string[]>;
  /** Makes the table as Flowise versions before doc_id made it. */
  createOldTable(table: string): Promise<void>;
}

let counter = 0;

/**
 * The behaviour every SQL record manager shares, against a real server: its table made on first
 * use, the record store contract on that table, and indexing through it.
 */
export function describeRecordManagerContract(label: string, manager: RecordManagerUnderTest): void {
  describe(`${label} (record manager contract)`, () => {
    const fresh = () => `rm_${Date.now().toString(36)}_${(counter++).toString(36)}`;
    const open = async (table: string, inputs: Record<string, unknown> = {}) => {
      const handle = await manager.type.init!(
        storeContext(manager.type, {
          inputs: { ...manager.inputs(table), ...inputs },
          credential: manager.credential(),
        }),
      );
      if (!isRecordManager(handle)) throw new Error('no record manager');
      return handle;
    };

    it('makes its table with Flowise’s columns when first used', async () => {
      const table = fresh();
      const { store } = await open(table);
      expect(await manager.columns(table)).toEqual([]);
      await store.now();
      expect(await manager.columns(table)).toEqual([
        'uuid',
        'key',
        'namespace',
        'updated_at',
        'group_id',
        'doc_id',
      ]);
    });

    it('adds doc_id to a table an older Flowise made', async () => {
      const table = fresh();
      await manager.createOldTable(table);
      const { store } = await open(table);
      await store.update('ns', [{ key: 'k', groupId: null, docId: 'loader' }], await store.now());
      expect(await manager.columns(table)).toContain('doc_id');
      expect(await store.listKeys('ns', { docId: 'loader' })).toEqual(['k']);
    });

    describeRecordStoreContract(label, async () => (await open(fresh())).store);

    it('keeps a vector store from indexing the same document twice, in the namespace it names', async () => {
      const table = fresh();
      const handle: RecordManagerHandle = await open(table, {
        namespace: 'shared-docs',
        cleanup: 'incremental',
      });
      const embeddings = bagOfWordsEmbeddings();
      const upsert = (documents: SourceDocument[]) =>
        embeddedVectorStore.upsert!(
          storeContext(embeddedVectorStore, {
            inputs: { embeddings, recordManager: handle, document: [documents] },
          }),
        );
      expect(await upsert(fruit)).toMatchObject({ numAdded: 3, numSkipped: 0, totalKeys: 3 });
      expect(await upsert(fruit)).toMatchObject({ numAdded: 0, numSkipped: 3, totalKeys: 3 });
      const changed = [doc('green pears are sweet', { source: 'fruit.txt' }), fruit[2]!];
      expect(await upsert(changed)).toMatchObject({
        numAdded: 1,
        numSkipped: 1,
        numDeleted: 2,
        totalKeys: 2,
      });
      expect(await handle.store.listKeys('shared-docs')).toHaveLength(2);
    });

    it('refuses a table name that is not letters, digits and underscores', async () => {
      await expect(open('bad-name;')).rejects.toThrow(/Table Name "bad-name;" may only hold letters/);
    });
  });
}
