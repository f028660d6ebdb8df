import type { Chatflow, Credential, NodeDefinition, NodeLoadMethodBody, ParamOption } from '@flowloom/shared';
import { api, apiHost } from '../../api/api';

/** Calls the canvas makes (all through the app's API client). */
export const canvasApi = {
  nodes: () => api.get<NodeDefinition[]>('/nodes'),
  chatflow: (id: string) => api.get<Chatflow>(`/chatflows/${encodeURIComponent(id)}`),
  createChatflow: (body: { name: string; flowData: string; type: 'CHATFLOW' | 'AGENTFLOW' | 'MULTIAGENT' }) =>
    api.post<Chatflow>('/chatflows', { ...body, deployed: false, isPublic: false }),
  updateChatflow: (id: string, body: { name?: string; flowData?: string }) =>
    api.put<Chatflow>(`/chatflows/${encodeURIComponent(id)}`, body),
  /** Options of an `asyncOptions` input (e.g. model names), or of a grid column that loads them. */
  loadOptions: (nodeName: string, body: NodeLoadMethodBody) =>
    api.post<ParamOption[]>(`/node-load-method/${encodeURIComponent(nodeName)}`, body),
  /** The user's credentials of one credential type. */
  credentialsOf: (credentialName: string) =>
    api.get<Credential[]>('/credentials', { query: { credentialName } }),
};

/** Address of a node type's icon. */
export function nodeIconUrl(nodeName: string): string {
  return `${apiHost()}/api/v1/node-icon/${encodeURIComponent(nodeName)}`;
}
