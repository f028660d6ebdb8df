import type { FastifyBaseLogger } from 'fastify';

/** Time source, injected so tests can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export type Logger = FastifyBaseLogger;
