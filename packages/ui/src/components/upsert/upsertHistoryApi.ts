import { api } from '../../api/api';

/** The counts of an upsert. */
export interface UpsertCounts {
  numAdded?: number;
  numUpdated?: number;
  numSkipped?: number;
  numDeleted?: number;
}

/** One component an upsert used, with the settings it had (secrets left out by the server). */
export interface UpsertHistoryNode {
  label: string;
  name: string;
  category: string;
  id: string;
  paramValues: { label: string; name: string; type: string; value: unknown }[];
}

/**
 * One upsert of a chatflow's vector store or of a document store, as the upsert history lists it
 * (DOCUMENT_STORES.md §1.7): `chatflowid` holds either id.
 */
export interface UpsertHistoryEntry {
  id: string;
  chatflowid: string;
  date: string;
  result: UpsertCounts | string;
  flowData: UpsertHistoryNode[] | string;
}

/** The upserts of a chatflow or document store, newest first. */
export const upsertHistoryApi = {
  list: (id: string) =>
    api.get<UpsertHistoryEntry[]>(`/upsert-history/${encodeURIComponent(id)}`, { query: { order: 'DESC' } }),
};
