import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';

/** What the document-store route files share. */
export const ROUTE_PREFIX = '/api/v1/document-store';
export const routeTags = ['document-store'];
export const routeId = z.string().min(1).max(100);
export type DocumentStoreApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
