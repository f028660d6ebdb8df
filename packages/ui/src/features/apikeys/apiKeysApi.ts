import type { ApiKey, CreateApiKeyBody } from '@flowloom/shared';
import { api } from '../../api/api';

export const apiKeysApi = {
  list: () => api.get<ApiKey[]>('/apikey'),
  /** Answers the whole key list; only the new key carries its full secret. */
  create: (body: CreateApiKeyBody) => api.post<ApiKey[]>('/apikey', body),
  update: (id: string, body: Partial<CreateApiKeyBody>) =>
    api.put<ApiKey>(`/apikey/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<ApiKey[]>(`/apikey/${encodeURIComponent(id)}`),
  /** Deletes several at once, all or none. */
  removeMany: (ids: string[]) => api.request<{ deleted: number }>('DELETE', '/apikey', { body: { ids } }),
};

/** The key that was not in the list before the create (the one with its full secret). */
export function findNewKey(
  before: readonly ApiKey[],
  after: readonly ApiKey[],
  keyName: string,
): ApiKey | undefined {
  const known = new Set(before.map((k) => k.id));
  const fresh = after.filter((k) => !known.has(k.id));
  return fresh.find((k) => k.keyName === keyName) ?? fresh[0];
}
