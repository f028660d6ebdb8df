import { describe, expect, it } from 'vitest';
import { createMemoryRecords } from '@flowloom/engine';
import { describeRecordStoreContract } from '../../testing/record-store-contract.js';
import { storeContext } from '../../testing/vector-store-contract.js';
import type { RecordManagerHandle } from '../record-manager.js';
import { SQLiteRecordManager } from './SQLiteRecordManager.js';

const init = (inputs: Record<string, unknown>, records = createMemoryRecords()) =>
  SQLiteRecordManager.init!(
    storeContext(SQLiteRecordManager, { inputs, services: { records } }),
  ) as RecordManagerHandle;

describe('SQLite Record Manager', () => {
  it('keeps its records in the run’s record store, with the node’s settings', () => {
    const records = createMemoryRecords();
    expect(init({ namespace: 'kb', cleanup: 'full', sourceIdKey: 'path' }, records)).toMatchObject({
      kind: 'recordManager',
      namespace: 'kb',
      cleanup: 'full',
      sourceIdKey: 'path',
      store: records,
    });
    expect(() => init({ cleanup: 'sometimes' })).toThrow('Cleanup must be none, incremental or full');
  });
});

// The store a test run hands the node (the server hands it Flowloom's own table).
describeRecordStoreContract('SQLite Record Manager', () => Promise.resolve(init({}).store));
