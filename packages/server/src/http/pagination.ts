import type { Page, PaginationQuery } from '@flowloom/shared';

/** Flowise list convention: with both `page` and `limit`, `{data, total}`; otherwise the bare array. */
export async function listOrPage<T>(
  query: PaginationQuery,
  fetch: (range: { offset: number; limit: number } | undefined) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<T[] | Page<T>> {
  if (query.page === undefined || query.limit === undefined) return fetch(undefined);
  const [data, total] = await Promise.all([
    fetch({ offset: (query.page - 1) * query.limit, limit: query.limit }),
    count(),
  ]);
  return { data, total };
}
