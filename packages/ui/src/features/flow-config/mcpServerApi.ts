import type { CreateMcpServerBody, McpServerConfig, UpdateMcpServerBody } from '@flowloom/shared';
import { api, apiHost } from '../../api/api';
import { API_PREFIX } from '../../api/client';

const path = (id: string) => `/mcp-server/${encodeURIComponent(id)}`;

/** The MCP Server section's calls (`/mcp-server/:id`, Flowise's routes). */
export const mcpServerApi = {
  get: (id: string) => api.get<McpServerConfig>(path(id)),
  create: (id: string, body: CreateMcpServerBody) => api.post<McpServerConfig>(path(id), body),
  update: (id: string, body: UpdateMcpServerBody) => api.put<McpServerConfig>(path(id), body),
  disable: (id: string) => api.delete<{ message: string }>(path(id)),
  rotate: (id: string) => api.post<McpServerConfig>(`${path(id)}/refresh`),
  /** Where MCP clients reach the flow. */
  endpoint: (id: string) => `${apiHost()}${API_PREFIX}/mcp/${id}`,
};
