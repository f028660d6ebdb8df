import type { UpsertOutcome } from '@flowloom/shared';
import { api } from '../../../api/api';

/** The canvas calls of a chatflow's vector upsert (DOCUMENT_STORES.md §3). */
export const vectorUpsertApi = {
  /** Loads the documents of the saved flow's `stopNodeId` vector store into it. */
  upsert: (flowId: string, stopNodeId: string) =>
    api.post<UpsertOutcome>(`/vector/internal-upsert/${encodeURIComponent(flowId)}`, { stopNodeId }),
};
