import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { predictionBody, type PredictionBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { anyFlowFamily } from '../chat-messages/flow-scope.js';
import { originRefusal } from './flow-guards.js';
import { isSameOrigin } from '../../http/cors.js';
import { assertMayRunInternally } from './internal-access.js';
import type { Caller, FlowRow, PredictionService } from './prediction.service.js';
import { formToPredictionBody, rejectFilePart } from './multipart-body.js';
import { unsafeBodyError } from '../../http/body-guard.js';
import { openEventStream } from './sse.js';

const idParams = z.object({ id: z.string() });

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const index = header.lastIndexOf('Bearer ');
  return (index >= 0 ? header.slice(index + 7) : header).trim() || undefined;
}

function wantsStream(body: PredictionBody): boolean {
  return body.streaming === true || body.streaming === 'true';
}

/** Answers JSON, or — when asked and the flow can stream — server-sent events (status 200 once open). */
async function respond(
  service: PredictionService,
  id: string | FlowRow,
  body: PredictionBody,
  who: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!wantsStream(body) || !(await service.isStreaming(id))) return service.predict(id, body, who);
  const stream = openEventStream(reply);
  // A client that goes away before the answer ends stops the run.
  const gone = new AbortController();
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) gone.abort();
  });
  try {
    await service.predict(id, body, who, stream, gone.signal);
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'Internal Server Error';
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'streaming prediction failed');
    if (!(error instanceof AppError && error.message === 'Flow execution was cancelled'))
      stream.send('error', message);
  } finally {
    finished = true;
    stream.end();
  }
  return reply;
}

/**
 * The run API. Its routes live in their own plugin scope: only they accept `multipart/form-data`
 * (Flowise's form variant of a prediction), every other route keeps refusing it.
 */
export function registerPredictionRoutes(
  root: FastifyInstance,
  { predictions }: { predictions: PredictionService },
) {
  void root.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      onFile: rejectFilePart,
      limits: { fieldSize: root.initialConfig.bodyLimit, fields: 200 },
    });
    registerRoutes(scope, predictions);
  });
}

/** A multipart prediction's fields become the JSON body they stand for, before validation. */
async function formAsJson(request: FastifyRequest) {
  if (request.isMultipart()) {
    request.body = formToPredictionBody(request.body);
    const error = unsafeBodyError(request.body);
    if (error) throw error;
  }
  return Promise.resolve();
}

function registerRoutes(scope: FastifyInstance, predictions: PredictionService) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['prediction'];
  // The flow each prediction request named, loaded once before its body is read.
  const flows = new WeakMap<FastifyRequest, FlowRow>();

  app.post(
    '/api/v1/prediction/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'Run a flow: JSON answer, or server-sent events with "streaming": true (a flow bound to an API key needs Authorization: Bearer <key>); JSON or multipart/form-data fields',
        params: idParams,
        body: predictionBody,
      },
      // The flow's rate limit turns requests away before their body is read (FLOWISE_API.md §1.1).
      onRequest: async (request, reply) => {
        const row = await predictions.load(request.params.id);
        const refused = predictions.rateLimit(row, request.ip);
        if (refused) {
          return reply
            .code(429)
            .header('Retry-After', String(refused.retryAfter))
            .type('text/plain; charset=utf-8')
            .send(refused.message);
        }
        flows.set(request, row);
      },
      preValidation: formAsJson,
    },
    async (request, reply) => {
      const row = flows.get(request) ?? request.params.id;
      const refusal =
        typeof row === 'string'
          ? undefined
          : // The server's own pages (the share page /chatbot/:id) are never another site.
            originRefusal(row.chatbotConfig, isSameOrigin(request) ? undefined : request.headers.origin);
      if (refusal) {
        // A streaming client reads the body of a refused request as plain text (the embed shows it).
        if (wantsStream(request.body)) return reply.code(403).type('text/plain; charset=utf-8').send(refusal);
        throw new AppError('FORBIDDEN', refusal);
      }
      return respond(
        predictions,
        row,
        request.body,
        { kind: 'external', apiKey: bearer(request) },
        request,
        reply,
      );
    },
  );
  app.post('/api/v1/prediction', { config: { access: PUBLIC }, schema: { hide: true } }, () => {
    throw new AppError(
      'PRECONDITION_FAILED',
      'Error: predictionsController.createPrediction - id not provided!',
    );
  });

  app.post(
    '/api/v1/internal-prediction/:id',
    {
      config: { access: anyFlowFamily('view') },
      schema: {
        tags,
        summary:
          "Run a flow from the web app (session auth) or with an API key holding the view permission of the flow's family",
        params: idParams,
        body: predictionBody,
      },
      // The family of the flow's type and its API-key binding are checked before the body is read.
      onRequest: async (request) => {
        const row = await predictions.load(request.params.id);
        assertMayRunInternally(caller(request), row);
        flows.set(request, row);
      },
      preValidation: formAsJson,
    },
    (request, reply) =>
      respond(
        predictions,
        flows.get(request) ?? request.params.id,
        request.body,
        { kind: 'internal', ctx: caller(request) },
        request,
        reply,
      ),
  );

  app.get(
    '/api/v1/chatflows-streaming/:id',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Whether this flow answers streaming requests with server-sent events',
        params: idParams,
      },
    },
    async (request) => ({ isStreaming: await predictions.isStreaming(request.params.id) }),
  );

  app.put(
    '/api/v1/chatmessage/abort/:chatflowid/:chatid',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Stop the running answer of one chat',
        params: z.object({ chatflowid: z.string(), chatid: z.string() }),
      },
    },
    (request) => {
      predictions.abort(request.params.chatflowid, request.params.chatid);
      return { status: 200, message: 'Chat message aborted' };
    },
  );
}
