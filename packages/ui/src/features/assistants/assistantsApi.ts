import type {
  Assistant,
  AssistantStoreOption,
  AssistantType,
  GenerateInstructionBody,
  NodeDefinition,
} from '@flowloom/shared';
import { api } from '../../api/api';

const path = (id: string) => `/assistants/${encodeURIComponent(id)}`;

/** Every call of the assistant screens (FLOWISE_API.md §4.2 "assistants"). */
export const assistantsApi = {
  list: (type: AssistantType) => api.get<Assistant[]>('/assistants', { query: { type } }),
  get: (id: string) => api.get<Assistant>(path(id)),
  create: (name: string) =>
    api.post<Assistant>('/assistants', { type: 'CUSTOM', details: JSON.stringify({ name }) }),
  /**
   * Saves the details (the server builds the assistant's flow from them). A refusal (403) stays on
   * the page as a message: it names the permission missing for what was put in.
   */
  save: (id: string, details: Record<string, unknown>) =>
    api.put<Assistant>(path(id), { details: JSON.stringify(details) }, { keepForbidden: true }),
  remove: (id: string) => api.delete<unknown>(path(id)),
  chatModels: () => api.get<NodeDefinition[]>('/assistants/components/chatmodels'),
  tools: () => api.get<NodeDefinition[]>('/assistants/components/tools'),
  documentStores: () => api.get<AssistantStoreOption[]>('/assistants/components/docstores'),
  generateInstruction: (body: GenerateInstructionBody) =>
    api.post<{ content: string }>('/assistants/generate/instruction', body, { keepForbidden: true }),
};
