import { z } from 'zod';

/** `?page=&limit=` (1-based). With both set, list routes answer `{data, total}`; else a bare array. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(1000, 'limit must be at most 1000')
    .optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export interface Page<T> {
  data: T[];
  total: number;
}
