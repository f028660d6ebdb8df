import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { vectorUpsertBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller, isInternal } from '../../http/auth-hook.js';
import { readMultipart, type UploadedFile } from '../../http/multipart.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { VectorUpsertService } from './vector-upsert.service.js';

/**
 * `POST /vector/upsert/:id` and `/vector/internal-upsert/:id`: a chatflow's documents written through
 * its vector store, from JSON or a multipart form with files.
 */
export function registerVectorUpsertRoutes(
  root: FastifyInstance,
  deps: {
    vectorUpsert: VectorUpsertService;
    /** The most one uploaded file may weigh, and all of a request's files together. */
    fileSizeLimit: number;
    bodyLimit: number;
  },
) {
  const { vectorUpsert } = deps;

  async function parse(request: FastifyRequest) {
    if (!request.isMultipart()) {
      const parsed = vectorUpsertBody.safeParse(request.body ?? {});
      if (!parsed.success)
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid body');
      return { body: parsed.data, files: [] as UploadedFile[] };
    }
    const { fields, files } = await readMultipart(request, {
      fileLimit: deps.fileSizeLimit,
      totalLimit: deps.bodyLimit,
    });
    // Form fields other than the known ones are overrides (Flowise).
    const { stopNodeId, chatId, question, ...rest } = fields;
    const overrideConfig: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'overrideConfig' && typeof value === 'string') {
        try {
          Object.assign(overrideConfig, JSON.parse(value) as Record<string, unknown>);
        } catch {
          throw new AppError('BAD_REQUEST', 'Form field overrideConfig must be JSON text');
        }
      } else if (key === 'vars' && typeof value === 'string') {
        try {
          overrideConfig.vars = JSON.parse(value) as unknown;
        } catch {
          throw new AppError('BAD_REQUEST', 'Form field vars must be JSON text');
        }
      } else overrideConfig[key] = value;
    }
    const parsed = vectorUpsertBody.safeParse({ stopNodeId, chatId, question, overrideConfig });
    if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid form');
    return { body: parsed.data, files };
  }

  void root.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.fileSizeLimit } });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const access = can('chatflows:update', 'agentflows:update');
    for (const path of ['upsert', 'internal-upsert'])
      app.post(
        `/api/v1/vector/${path}/:id`,
        {
          config: { access },
          schema: {
            tags: ['vector'],
            summary:
              path === 'upsert'
                ? "Load a chatflow's documents into its vector store (JSON, or multipart with files)"
                : 'The same, from the web app',
            params: z.object({ id: z.string().min(1).max(100) }),
          },
        },
        async (request) => {
          const { body, files } = await parse(request);
          return vectorUpsert.upsert(caller(request), request.params.id, body, files, isInternal(request));
        },
      );
  });
}
