/** Chunks per page, as the server pages them (DOCUMENT_STORES.md §2.3). */
export const CHUNK_PAGE_SIZE = 50;

/** Where a page of chunks sits: its first and last chunk (1-based), the last page, the moves possible. */
export interface ChunkRange {
  from: number;
  to: number;
  lastPage: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The range of page `page` (1-based) of `count` chunks. */
export function chunkRange(page: number, count: number, size = CHUNK_PAGE_SIZE): ChunkRange {
  const lastPage = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  const from = count === 0 ? 0 : (current - 1) * size + 1;
  const to = Math.min(current * size, count);
  return { from, to, lastPage, hasPrevious: current > 1, hasNext: current < lastPage };
}

/** "Showing 51-100 of 230 chunks". */
export function rangeText(range: ChunkRange, count: number): string {
  return `Showing ${range.from}-${range.to} of ${count} chunks`;
}
