import type { DocumentStore, DocumentStoreLoader } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { MAX_WAITING_POLLS, shouldPoll, storeActivity } from './storePolling';

const loader = (overrides: Partial<DocumentStoreLoader> = {}): DocumentStoreLoader => ({
  id: 'l1',
  loaderId: 'pdfFile',
  loaderName: 'Pdf File',
  loaderConfig: {},
  totalChunks: 3,
  totalChars: 300,
  status: 'SYNC',
  ...overrides,
});
const store = (overrides: Partial<DocumentStore> = {}) => ({
  status: 'SYNC' as DocumentStore['status'],
  loaders: [loader()],
  ...overrides,
});

describe('storeActivity', () => {
  it('is working while a loader shows progress', () => {
    expect(
      storeActivity(
        store({
          status: 'STALE',
          loaders: [loader({ status: 'SYNCING', progress: { stage: 'loading', startedAt: 't' } })],
        }),
      ),
    ).toBe('working');
  });

  it('is working while the store is upserted, by status or by progress', () => {
    expect(storeActivity(store({ status: 'UPSERTING' }))).toBe('working');
    expect(storeActivity(store({ upsertProgress: { done: 1, total: 4, startedAt: 't' } }))).toBe('working');
  });

  it('is waiting while a saved loader is SYNCING with neither progress nor error', () => {
    expect(storeActivity(store({ status: 'STALE', loaders: [loader({ status: 'SYNCING' })] }))).toBe(
      'waiting',
    );
  });

  it('is idle once every loader is done, or the one still SYNCING failed', () => {
    expect(storeActivity(store())).toBe('idle');
    expect(storeActivity(store({ status: 'UPSERTED' }))).toBe('idle');
    expect(
      storeActivity(
        store({ status: 'STALE', loaders: [loader({ status: 'SYNCING', error: 'Could not fetch' })] }),
      ),
    ).toBe('idle');
    expect(storeActivity(store({ status: 'EMPTY', loaders: [] }))).toBe('idle');
  });
});

describe('shouldPoll', () => {
  it('polls while working, however long', () => {
    expect(shouldPoll('working', 1000)).toBe(true);
  });

  it('polls a waiting store only for a while, in case its processing never starts', () => {
    expect(shouldPoll('waiting', 1)).toBe(true);
    expect(shouldPoll('waiting', MAX_WAITING_POLLS - 1)).toBe(true);
    expect(shouldPoll('waiting', MAX_WAITING_POLLS)).toBe(false);
  });

  it('stops when idle', () => {
    expect(shouldPoll('idle', 0)).toBe(false);
  });
});
