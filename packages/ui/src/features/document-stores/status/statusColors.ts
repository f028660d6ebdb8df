import type { DocumentStoreStatus } from '@flowloom/shared';

/** How a status is drawn (DOCUMENT_STORES.md §4.9); EMPTY is an outline only. */
export interface StatusLook {
  color: string;
  outlined: boolean;
}

const LOOKS: Record<DocumentStoreStatus, StatusLook> = {
  EMPTY: { color: '#7c3aed', outlined: true },
  SYNCING: { color: '#d97706', outlined: false },
  UPSERTING: { color: '#0284c7', outlined: false },
  SYNC: { color: '#16a34a', outlined: false },
  UPSERTED: { color: '#0d9488', outlined: false },
  NEW: { color: '#2563eb', outlined: false },
  STALE: { color: '#6b7280', outlined: false },
};

/** The look of a status; an unknown one is drawn as STALE. */
export function statusLook(status: string): StatusLook {
  return LOOKS[status as DocumentStoreStatus] ?? LOOKS.STALE;
}
