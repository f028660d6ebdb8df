import { api } from '../../api/api';
import type { QueryValue } from '../../api/client';
import type { LeadRow } from './leadsCsv';
import type { FlowStats, ViewerRow } from './messageViewer';

const path = (id: string) => encodeURIComponent(id);

/** The filters of the message viewer, as the server reads them. */
export interface MessageFilters {
  chatTypes: string[];
  feedbackTypes: string[];
  startDate: Date;
  endDate: Date;
}

/** Lists go as JSON arrays (`chatType=["INTERNAL","EXTERNAL"]`), as Flowise's viewer sends them. */
function filterQuery(filters: MessageFilters): Record<string, QueryValue> {
  return {
    chatType: filters.chatTypes.length ? JSON.stringify(filters.chatTypes) : undefined,
    feedbackType: filters.feedbackTypes.length ? JSON.stringify(filters.feedbackTypes) : undefined,
    startDate: filters.startDate.toISOString(),
    endDate: filters.endDate.toISOString(),
  };
}

/** Calls of the View Messages and View Leads dialogs (SHARING.md §6.1, §6.2). */
export const flowMessagesApi = {
  /** One page of sessions, newest first, with every message of each. */
  page: (flowId: string, filters: MessageFilters, page: number, limit: number) =>
    api.get<ViewerRow[]>(`/chatmessage/${path(flowId)}`, {
      query: { ...filterQuery(filters), order: 'DESC', feedback: 'true', page, limit },
    }),
  stats: (flowId: string, filters: MessageFilters) =>
    api.get<FlowStats>(`/stats/${path(flowId)}`, { query: filterQuery(filters) }),
  /** A whole conversation, oldest first. */
  conversation: (
    flowId: string,
    key: { chatId: string; memoryType?: string; sessionId?: string },
    feedbackTypes: string[],
  ) =>
    api.get<ViewerRow[]>(`/chatmessage/${path(flowId)}`, {
      query: {
        ...key,
        order: 'ASC',
        feedback: 'true',
        feedbackType: feedbackTypes.length ? JSON.stringify(feedbackTypes) : undefined,
      },
    }),
  remove: (flowId: string, query: Record<string, QueryValue>) =>
    api.delete<{ deleted: number }>(`/chatmessage/${path(flowId)}`, {
      query: { ...query, isClearFromViewMessageDialog: 'true' },
    }),
  export: (flowId: string, filters: MessageFilters) =>
    api.post<unknown>('/export-import/chatflow-messages', {
      chatflowId: flowId,
      ...(filters.chatTypes.length && { chatType: filters.chatTypes }),
      ...(filters.feedbackTypes.length && { feedbackType: filters.feedbackTypes }),
      startDate: filters.startDate.toISOString(),
      endDate: filters.endDate.toISOString(),
    }),
  leads: (flowId: string) => api.get<LeadRow[]>(`/leads/${path(flowId)}`),
};
