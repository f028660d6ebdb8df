import type { Chatflow, ChatflowType } from '@flowloom/shared';
import { api } from '../../api/api';

export const flowsApi = {
  list: (type: ChatflowType) => api.get<Chatflow[]>('/chatflows', { query: { type } }),
  rename: (id: string, name: string) => api.put<Chatflow>(`/chatflows/${encodeURIComponent(id)}`, { name }),
  remove: (id: string) => api.delete<unknown>(`/chatflows/${encodeURIComponent(id)}`),
};
