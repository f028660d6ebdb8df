import type { Assistant, AssistantVectorStoreBody } from '@flowloom/shared';
import { api } from '../../../api/api';
import type { OpenAIFile, RemoteAssistant, VectorStore } from './openAIDraft';

const STORES = '/openai-assistants-vector-store';
const enc = encodeURIComponent;

function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/**
 * The calls of the OpenAI assistant screens (Flowise's `openai-assistants`, `-file` and
 * `-vector-store` routes): each names the stored credential it goes with.
 */
export const openAIAssistantsApi = {
  /** The assistants kept here (OPENAI and AZURE rows). */
  async listSaved(): Promise<Assistant[]> {
    const [openAI, azure] = await Promise.all([
      api.get<Assistant[]>('/assistants', { query: { type: 'OPENAI' } }),
      api.get<Assistant[]>('/assistants', { query: { type: 'AZURE' } }),
    ]);
    return [...openAI, ...azure];
  },
  create: (body: { type: 'OPENAI' | 'AZURE'; credential: string; iconSrc: string; details: string }) =>
    api.post<Assistant>('/assistants', body),
  save: (id: string, body: { credential: string; iconSrc: string; details: string }) =>
    api.put<Assistant>(`/assistants/${enc(id)}`, body),
  remove: (id: string, alsoAtOpenAI: boolean) =>
    api.delete<unknown>(`/assistants/${enc(id)}`, {
      ...(alsoAtOpenAI && { query: { isDeleteBoth: 'true' } }),
    }),

  /** The assistants of the account behind the credential. */
  listRemote: (credential: string) =>
    api.get<RemoteAssistant[]>('/openai-assistants', { query: { credential } }),
  /** One assistant at OpenAI with its files and vector store. */
  getRemote: (id: string, credential: string) =>
    api.get<RemoteAssistant>(`/openai-assistants/${enc(id)}`, { query: { credential } }),
  uploadFiles: (credential: string, files: readonly File[]) =>
    api.post<OpenAIFile[]>('/openai-assistants-file/upload', filesForm(files), { query: { credential } }),

  vectorStores: {
    list: (credential: string) => api.get<VectorStore[]>(STORES, { query: { credential } }),
    get: (id: string, credential: string) =>
      api.get<VectorStore>(`${STORES}/${enc(id)}`, { query: { credential } }),
    create: (credential: string, body: AssistantVectorStoreBody) =>
      api.post<VectorStore>(STORES, body, { query: { credential } }),
    update: (id: string, credential: string, body: AssistantVectorStoreBody) =>
      api.put<VectorStore & { files?: OpenAIFile[] }>(`${STORES}/${enc(id)}`, body, {
        query: { credential },
      }),
    remove: (id: string, credential: string) =>
      api.delete<unknown>(`${STORES}/${enc(id)}`, { query: { credential } }),
    upload: (id: string, credential: string, files: readonly File[]) =>
      api.post<OpenAIFile[]>(`${STORES}/${enc(id)}`, filesForm(files), { query: { credential } }),
    removeFiles: (id: string, credential: string, fileIds: string[]) =>
      api.request<{ deletedFileIds: string[]; count: number }>('PATCH', `${STORES}/${enc(id)}`, {
        body: { file_ids: fileIds },
        query: { credential },
      }),
  },
};
