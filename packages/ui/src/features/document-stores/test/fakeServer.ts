import type { DocumentStore, DocumentStoreLoader } from '@flowloom/shared';
import { vi } from 'vitest';
import { initialSettings } from '../../../app/settingsSlice';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { signedIn } from '../../../test/fixtures';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Call = { method: string; url: URL; body: unknown };

/**
 * A fake API: answers by `METHOD /path` (an exact path, or a pattern ending in `*`), records every
 * call. Unknown routes answer 404.
 */
export function fakeServer(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = { method: init?.method ?? 'GET', url: new URL(urlOf(input)), body: jsonBodyOf(init) };
    calls.push(call);
    const key = `${call.method} ${call.url.pathname}`;
    const handler =
      routes[key] ??
      Object.entries(routes).find(
        ([pattern]) => pattern.endsWith('*') && key.startsWith(pattern.slice(0, -1)),
      )?.[1];
    return handler ? handler(call) : json({ message: `No route ${key}` }, 404);
  });
  const called = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.url.pathname === path);
  return { calls, fetch, called };
}

export const ALL_PERMISSIONS = [
  'documentStores:view',
  'documentStores:create',
  'documentStores:update',
  'documentStores:delete',
  'documentStores:add-loader',
  'documentStores:delete-loader',
  'documentStores:preview-process',
  'documentStores:upsert-config',
  'chatflows:create',
  'agentflows:create',
];

/** A signed-in user with these permissions, where permissions count (not open source). */
export const withPermissions = (permissions = ALL_PERMISSIONS) => ({
  auth: signedIn({ permissions }),
  settings: { ...initialSettings, platform: 'enterprise' as const, loaded: true },
});

export function loader(overrides: Partial<DocumentStoreLoader> = {}): DocumentStoreLoader {
  return {
    id: 'loader-1',
    loaderId: 'pdfFile',
    loaderName: 'Pdf File',
    loaderConfig: { pdfFile: 'FILE-STORAGE::["handbook.pdf"]' },
    splitterId: 'recursiveCharacterTextSplitter',
    splitterName: 'Recursive Character Text Splitter',
    splitterConfig: { chunkSize: 400 },
    totalChunks: 12,
    totalChars: 4200,
    status: 'SYNC',
    files: [
      {
        id: 'f1',
        name: 'handbook.pdf',
        mimePrefix: 'application/pdf',
        size: 10,
        status: 'SYNC',
        uploaded: 't',
      },
    ],
    source: 'handbook.pdf',
    ...overrides,
  };
}

export function documentStore(overrides: Partial<DocumentStore> = {}): DocumentStore {
  return {
    id: 'store-1',
    name: 'Handbook',
    description: 'How the lighthouse is run',
    loaders: [loader()],
    whereUsed: [],
    status: 'SYNC',
    vectorStoreConfig: null,
    embeddingConfig: null,
    recordManagerConfig: null,
    totalChars: 4200,
    totalChunks: 12,
    workspaceId: 'ws-1',
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The configs of an upserted store in the embedded vector store, without a record manager. */
export const EMBEDDED_CONFIGS = {
  embeddingConfig: { name: 'openAIEmbeddings', config: { credential: 'c1' } },
  vectorStoreConfig: { name: 'embeddedVectorStore', config: { topK: 4 } },
  recordManagerConfig: null,
};
