import type { FastifyInstance } from 'fastify';
import { findUnsafeJson, MAX_JSON_DEPTH } from '@flowloom/shared';
import { AppError } from '../errors.js';

/**
 * Refuses, before any route validates or stores it, a JSON body that nests deeper than
 * {@link MAX_JSON_DEPTH} levels (recursive validation and serialisation would overflow the stack) or
 * holds text no database keeps as sent (a NUL, half of a surrogate pair), naming where.
 */
export function registerBodyGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || !request.headers['content-type']?.includes('json'))
      return done();
    const error = unsafeBodyError(body);
    if (error) done(error);
    else done();
  });
}

/** The 400 for a parsed body that may not be taken (see {@link registerBodyGuard}), or undefined. */
export function unsafeBodyError(body: unknown): AppError | undefined {
  const unsafe = findUnsafeJson(body, MAX_JSON_DEPTH);
  if (!unsafe) return undefined;
  return new AppError(
    'BAD_REQUEST',
    `${unsafe.path ? `Field ${unsafe.path}` : 'The request body'} ${unsafe.reason}`,
  );
}
