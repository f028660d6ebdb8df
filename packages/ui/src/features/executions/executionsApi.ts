import { api } from '../../api/api';
import type { QueryValue } from '../../api/client';
import type { Execution, ExecutionPage } from './executionTypes';

const path = (id: string) => encodeURIComponent(id);

/** The resume request of a STOPPED execution (AGENTFLOW_V2.md §2.7). */
export interface ResumeRequest {
  agentflowId: string;
  sessionId: string;
  startNodeId: string;
  type: 'proceed' | 'reject';
  feedback?: string;
}

export const executionsApi = {
  list: (query: Record<string, QueryValue>) => api.get<ExecutionPage>('/executions', { query }),
  get: (id: string) => api.get<Execution>(`/executions/${path(id)}`),
  /** No sign-in: 404 unless the execution is shared. */
  getPublic: (id: string) => api.get<Execution>(`/public-executions/${path(id)}`, { noAuthRedirect: true }),
  setPublic: (id: string, isPublic: boolean) => api.put<Execution>(`/executions/${path(id)}`, { isPublic }),
  remove: (id: string) => api.delete<unknown>(`/executions/${path(id)}`),
  removeMany: (executionIds: string[]) =>
    api.request<{ deleted: number }>('DELETE', '/executions', { body: { executionIds } }),
  /**
   * Repeats the prediction on the same session with the person's decision. The signed-in view uses
   * the internal endpoint; a public share link uses the public one.
   */
  resume: ({ agentflowId, sessionId, startNodeId, type, feedback }: ResumeRequest, isPublic: boolean) => {
    const text = feedback?.trim() ?? '';
    const body = {
      question: text || (type === 'proceed' ? 'Proceed' : 'Reject'),
      chatId: sessionId,
      humanInput: { type, startNodeId, ...(text ? { feedback: text } : {}) },
    };
    const endpoint = isPublic ? 'prediction' : 'internal-prediction';
    return api.post<unknown>(`/${endpoint}/${path(agentflowId)}`, body, { noAuthRedirect: isPublic });
  },
};
