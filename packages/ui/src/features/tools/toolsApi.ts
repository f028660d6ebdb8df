import type { CreateToolBody, Tool } from '@flowloom/shared';
import { api } from '../../api/api';

export const toolsApi = {
  list: () => api.get<Tool[]>('/tools'),
  create: (body: CreateToolBody) => api.post<Tool>('/tools', body),
  update: (id: string, body: Partial<CreateToolBody>) =>
    api.put<Tool>(`/tools/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<unknown>(`/tools/${encodeURIComponent(id)}`),
  /** Deletes several at once, all or none. */
  removeMany: (ids: string[]) => api.request<{ deleted: number }>('DELETE', '/tools', { body: { ids } }),
};
