import { describe, expect, it } from 'vitest';
import type { RecordStore } from '@flowloom/engine';

/**
 * The behaviour every {@link RecordStore} shares, whoever keeps the records (the user's PostgreSQL or
 * MySQL table of a record manager node, the run's own store): keys per namespace with their time,
 * source and loader. `open` gives an empty store for each test.
 */
export function describeRecordStoreContract(label: string, open: () => Promise<RecordStore>): void {
  describe(`${label} (record store contract)`, () => {
    it('knows which keys a namespace holds, and lists them by time, source and loader', async () => {
      const store = await open();
      const t1 = await store.now();
      await store.update(
        'ns',
        [
          { key: 'a', groupId: 's1', docId: 'd1' },
          { key: 'b', groupId: null, docId: null },
        ],
        t1,
      );
      expect(await store.exists('ns', ['a', 'b', 'c'])).toEqual([true, true, false]);
      expect(await store.exists('other', ['a'])).toEqual([false]);
      const t2 = await store.now();
      expect(t2).toBeGreaterThan(t1);
      await store.update('ns', [{ key: 'c', groupId: 's2', docId: 'd1' }], t2);
      const sorted = async (keys: Promise<string[]>) => (await keys).sort();
      expect(await sorted(store.listKeys('ns', { before: t2 }))).toEqual(['a', 'b']);
      expect(await sorted(store.listKeys('ns', { groupIds: ['s1', null] }))).toEqual(['a', 'b']);
      expect(await sorted(store.listKeys('ns', { groupIds: ['s2'] }))).toEqual(['c']);
      expect(await sorted(store.listKeys('ns', { groupIds: [] }))).toEqual([]);
      expect(await sorted(store.listKeys('ns', { docId: 'd1' }))).toEqual(['a', 'c']);
      // Writing a key again moves it to the new time (and its new source).
      await store.update('ns', [{ key: 'a', groupId: 's3', docId: 'd1' }], t2);
      expect(await sorted(store.listKeys('ns', { before: t2 }))).toEqual(['b']);
      expect(await sorted(store.listKeys('ns', { groupIds: ['s3'] }))).toEqual(['a']);
      await store.deleteKeys('ns', ['a', 'missing']);
      expect(await sorted(store.listKeys('ns'))).toEqual(['b', 'c']);
      expect(await store.exists('ns', [])).toEqual([]);
    });
  });
}
