import type { Credential, CredentialDefinition, OAuth2AuthorizeAnswer } from '@flowloom/shared';
import { api } from '../../api/api';

export type CredentialValues = Record<string, string | number | boolean | null>;

export const credentialsApi = {
  list: () => api.get<Credential[]>('/credentials'),
  get: (id: string) => api.get<Credential>(`/credentials/${encodeURIComponent(id)}`),
  types: () => api.get<CredentialDefinition[]>('/components-credentials'),
  create: (body: { name: string; credentialName: string; plainDataObj: CredentialValues }) =>
    api.post<Credential>('/credentials', body),
  update: (id: string, body: { name: string; plainDataObj: CredentialValues }) =>
    api.put<Credential>(`/credentials/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<unknown>(`/credentials/${encodeURIComponent(id)}`),
  /** Starts an OAuth2 sign-in: the provider's URL to open (Flowise's route). */
  authorize: (id: string) =>
    api.post<OAuth2AuthorizeAnswer>(`/oauth2-credential/authorize/${encodeURIComponent(id)}`),
  /** Deletes several at once, all or none. */
  removeMany: (ids: string[]) =>
    api.request<{ deleted: number }>('DELETE', '/credentials', { body: { ids } }),
};
