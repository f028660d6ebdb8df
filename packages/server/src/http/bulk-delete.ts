import type { Permission } from '@flowloom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { AuthContext } from '../modules/auth/auth.service.js';
import { can } from './access.js';
import { caller } from './auth-hook.js';
import type { ZodTypeProvider } from './zod-type-provider.js';

/** The most rows one request may delete (the list pages' largest page). */
export const BULK_DELETE_LIMIT = 100;

const bulkDeleteBody = z.object({
  ids: z
    .array(z.string().min(1, 'Each id must be given').max(100, 'An id has at most 100 characters'))
    .min(1, 'ids must list at least one id')
    .max(BULK_DELETE_LIMIT, `At most ${BULK_DELETE_LIMIT} items can be deleted at once`),
});

/**
 * `DELETE <path>` with `{ ids }`: deletes several rows of the caller's workspace at once, all or
 * nothing (one transaction). When any id is not found there, nothing is deleted: 404 "2 of the
 * chosen tools were not found". Answers `{ deleted }`.
 */
export function registerBulkDelete(
  root: FastifyInstance,
  options: {
    path: string;
    tag: string;
    /** Plural, lower case: "tools". */
    plural: string;
    permission: Permission;
    removeAll: (ctx: AuthContext, ids: readonly string[]) => Promise<{ deleted: number; missing: number }>;
  },
) {
  root.withTypeProvider<ZodTypeProvider>().delete(
    options.path,
    {
      config: { access: can(options.permission) },
      schema: { tags: [options.tag], summary: `Delete several ${options.plural}`, body: bulkDeleteBody },
    },
    async (request) => {
      const { deleted, missing } = await options.removeAll(caller(request), request.body.ids);
      if (missing > 0)
        throw new AppError(
          'NOT_FOUND',
          `${missing} of the chosen ${options.plural} were not found; none was deleted`,
        );
      return { deleted };
    },
  );
}
