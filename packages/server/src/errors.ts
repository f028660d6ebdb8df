/** The closed set of error codes, mapped to HTTP statuses in one place. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type services throw. `message` is written for the user who will read it;
 * `extra` adds fields to the JSON body (e.g. `retry` on an expired token).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown> | undefined;
  /** Plain field (not a getter): Fastify writes `statusCode` on validation errors it receives. */
  statusCode: number;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; extra?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.extra = options?.extra;
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string, id: string) => new AppError('NOT_FOUND', `${what} ${id} not found`);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
