import type { CreateVariableBody, Variable } from '@flowloom/shared';
import { api } from '../../api/api';

export const variablesApi = {
  list: () => api.get<Variable[]>('/variables'),
  create: (body: CreateVariableBody) => api.post<Variable>('/variables', body),
  update: (id: string, body: Partial<CreateVariableBody>) =>
    api.put<Variable>(`/variables/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<unknown>(`/variables/${encodeURIComponent(id)}`),
  /** Deletes several at once, all or none. */
  removeMany: (ids: string[]) => api.request<{ deleted: number }>('DELETE', '/variables', { body: { ids } }),
};
