import type { ApiKey, Chatflow } from '@flowloom/shared';
import { api } from '../../../api/api';

/** What the API dialog changes on a flow: the bound key, public flag and its two settings columns. */
export interface ApiDialogPatch {
  apikeyid?: string | null;
  isPublic?: boolean;
  chatbotConfig?: string;
  apiConfig?: string;
}

/** Calls of the API dialog (all through the app's API client). */
export const apiDialogApi = {
  /** The workspace's keys, masked. */
  apiKeys: () => api.get<ApiKey[]>('/apikey'),
  update: (id: string, patch: ApiDialogPatch) =>
    api.put<Chatflow>(`/chatflows/${encodeURIComponent(id)}`, patch),
};
