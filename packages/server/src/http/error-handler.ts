import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Messages for Fastify's own client errors, written for the person reading them. */
function clientMessage(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is too large (the limit is ${Math.round(bodyLimit / 1024 / 1024)} MB)`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message.replace(/^Unsupported Media Type:\s*/i, '')}`;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty but the content type is application/json';
    default:
      if (error instanceof SyntaxError || /JSON/i.test(error.message))
        return `Malformed JSON body: ${error.message}`;
      return error.message;
  }
}

/** One error handler: `{statusCode, success:false, message}` bodies (Flowise shape). */
export function registerErrorHandler(app: FastifyInstance, bodyLimit: number) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, success: false, message: error.message, ...error.extra });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ statusCode: status, success: false, message: clientMessage(error, bodyLimit) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ statusCode: 500, success: false, message: 'Internal Server Error' });
  });
}

/**
 * Unknown paths: a JSON 404 under `/api/`; elsewhere, when the web app is served, its `index.html`
 * for GET (client-side routes such as /chatflows survive a reload).
 */
export function registerNotFoundHandler(app: FastifyInstance, servesUi: boolean) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (servesUi && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/assets/')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ statusCode: 404, success: false, message: `Route ${request.method} ${path} not found` });
  });
}
