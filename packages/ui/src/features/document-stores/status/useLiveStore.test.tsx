import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentStore, fakeServer, json, loader } from '../test/fakeServer';
import { MAX_WAITING_POLLS, POLL_INTERVAL_MS } from './storePolling';
import { useLiveStore } from './useLiveStore';

const PATH = '/api/v1/document-store/store/store-1';
const processing = documentStore({
  status: 'STALE',
  loaders: [loader({ status: 'SYNCING', progress: { stage: 'saving', done: 3, total: 12, startedAt: 't' } })],
});

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tick = () => act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));

describe('useLiveStore', () => {
  it('reads a busy store again every 1.5 s and stops once it is idle', async () => {
    const answers = [processing, processing, documentStore()];
    const server = fakeServer({ [`GET ${PATH}`]: () => json(answers.shift() ?? documentStore()) });
    const { result } = renderHook(() => useLiveStore('store-1'));
    await waitFor(() => expect(result.current.data?.status).toBe('STALE'));
    expect(result.current.polling).toBe(true);

    await tick();
    await waitFor(() => expect(server.called('GET', PATH)).toHaveLength(2));
    await tick();
    await waitFor(() => expect(result.current.data?.status).toBe('SYNC'));
    expect(result.current.polling).toBe(false);

    await tick();
    await tick();
    expect(server.called('GET', PATH)).toHaveLength(3);
  });

  it('does not read an idle store again', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(documentStore()) });
    const { result } = renderHook(() => useLiveStore('store-1'));
    await waitFor(() => expect(result.current.data).toBeDefined());
    await tick();
    await tick();
    expect(server.called('GET', PATH)).toHaveLength(1);
  });

  it('gives up on a loader that waits in SYNCING without ever starting', async () => {
    const waiting = documentStore({ status: 'STALE', loaders: [loader({ status: 'SYNCING' })] });
    const server = fakeServer({ [`GET ${PATH}`]: () => json(waiting) });
    const { result } = renderHook(() => useLiveStore('store-1'));
    await waitFor(() => expect(result.current.data).toBeDefined());
    for (let i = 0; i < MAX_WAITING_POLLS + 3; i += 1) await tick();
    await waitFor(() => expect(result.current.polling).toBe(false));
    expect(server.called('GET', PATH)).toHaveLength(MAX_WAITING_POLLS);
  });

  it('watches the store while a tracked request runs, and reads it when it ends', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const server = fakeServer({ [`GET ${PATH}`]: () => json(documentStore()) });
    const { result } = renderHook(() => useLiveStore('store-1'));
    await waitFor(() => expect(result.current.data).toBeDefined());
    let tracked: Promise<unknown> | undefined;
    act(() => {
      tracked = result.current.track(new Promise((resolve) => (finish = resolve)));
    });
    await tick();
    await waitFor(() => expect(server.called('GET', PATH)).toHaveLength(2));
    await tick();
    await waitFor(() => expect(server.called('GET', PATH)).toHaveLength(3));
    await act(async () => {
      finish('done');
      await tracked;
    });
    await waitFor(() => expect(result.current.polling).toBe(false));
    const after = server.called('GET', PATH).length;
    await tick();
    await tick();
    expect(server.called('GET', PATH)).toHaveLength(after);
  });
});
