import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CorsConfig } from '../config.js';

/**
 * How a flow treats a browser origin (`chatbotConfig.allowedOrigins`): `allowed`, `refused` (the
 * flow answers its refusal message), or `missing` (no such flow).
 */
export type FlowOriginVerdict = 'allowed' | 'refused' | 'missing';

export interface CorsOptions extends CorsConfig {
  /** The origin of `APP_URL`: the only other origin the session endpoints answer to. */
  appOrigin: string | undefined;
  /** The flow's verdict on an origin (the prediction guard's allowed-domains check). */
  flowVerdict(flowId: string, origin: string): Promise<FlowOriginVerdict>;
  /** The flow a feedback belongs to (`PUT /feedback/:id` names the feedback, not the flow). */
  flowOfFeedback(feedbackId: string): Promise<string | undefined>;
}

/** Endpoints that set session cookies: never opened by `*` nor by a flow's domains. */
const SESSION_ENDPOINTS = ['/api/v1/auth/login', '/api/v1/auth/refreshtoken', '/api/v1/account/register'];

/** The public run routes a chat widget on another site calls, with where they name their flow. */
type Scope =
  | { kind: 'session' }
  | { kind: 'global' }
  /** The flow's verdict decides; `readRefusal`: a refused site may read the answer (it is the refusal). */
  | { kind: 'flow'; flowId: () => Promise<string | undefined>; readRefusal: boolean }
  /** The flow id is in the JSON body (`POST /leads`, text to speech): decided when the answer goes out. */
  | { kind: 'body' };

const FLOW_ROUTES: { method: string; pattern: RegExp; readRefusal?: boolean }[] = [
  { method: 'POST', pattern: /^\/api\/v1\/prediction\/([^/]+)$/, readRefusal: true },
  { method: 'GET', pattern: /^\/api\/v1\/public-chatbotConfig\/([^/]+)$/ },
  { method: 'GET', pattern: /^\/api\/v1\/chatflows-streaming\/([^/]+)$/ },
  { method: 'GET', pattern: /^\/api\/v1\/chatflows-uploads\/([^/]+)$/ },
  { method: 'POST', pattern: /^\/api\/v1\/feedback\/([^/]+)$/ },
  { method: 'PUT', pattern: /^\/api\/v1\/chatmessage\/abort\/([^/]+)\/[^/]+$/ },
];
const FEEDBACK_UPDATE = /^\/api\/v1\/feedback\/([^/]+)$/;
const BODY_ROUTES = new Set([
  'POST /api/v1/leads',
  'POST /api/v1/leads/',
  'POST /api/v1/feedback',
  // The widget reads answers aloud through this server (`chatflowId` in the body).
  'POST /api/v1/text-to-speech/generate',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
};

function scopeOf(method: string, path: string, options: CorsOptions): Scope {
  if (SESSION_ENDPOINTS.includes(path.toLowerCase())) return { kind: 'session' };
  for (const route of FLOW_ROUTES) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match) {
      const id = decode(match[1]!);
      return { kind: 'flow', flowId: () => Promise.resolve(id), readRefusal: route.readRefusal === true };
    }
  }
  const feedback = method === 'PUT' ? FEEDBACK_UPDATE.exec(path) : null;
  if (feedback) {
    const id = decode(feedback[1]!);
    return {
      kind: 'flow',
      flowId: () => (id ? options.flowOfFeedback(id) : Promise.resolve(undefined)),
      readRefusal: false,
    };
  }
  if (BODY_ROUTES.has(`${method} ${path}`)) return { kind: 'body' };
  return { kind: 'global' };
}

/** The page is served by this server: the browser needs no permission (same origin). */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return false;
  try {
    const page = new URL(origin);
    return page.host === new URL(`${page.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

interface Grant {
  credentials: boolean;
}

/**
 * Cross-origin access (SHARING.md §5), as Flowise decides it:
 * - no `Origin` (servers, curl) and same-origin pages need nothing; `Origin: null` is never allowed;
 * - session endpoints: the `APP_URL` origin or the explicit `CORS_ORIGINS` list (`*` does not count);
 * - the public run routes a chat widget calls (prediction, chatbot config, streaming and upload
 *   settings, leads, feedback, abort): `CORS_ORIGINS`, or the flow's allowed domains (a flow without
 *   a list accepts every site). The prediction route also lets a refused site read its answer —
 *   the 403 with the flow's message, sent before anything runs — so the widget there shows it;
 * - every other route: `CORS_ORIGINS` only (empty by default: no other site may call them).
 * Cookies go cross-origin only for listed origins with `CORS_ALLOW_CREDENTIALS=true`.
 */
export function registerCors(app: FastifyInstance, options: CorsOptions) {
  const listed = (origin: string) => options.origins !== '*' && options.origins.includes(origin);
  const globally = (origin: string) => options.origins === '*' || listed(origin);
  const withCredentials = (origin: string) => options.allowCredentials && listed(origin);

  async function decide(scope: Scope, origin: string, body: unknown): Promise<Grant | undefined> {
    if (origin === 'null') return undefined;
    switch (scope.kind) {
      case 'session':
        return origin === options.appOrigin || listed(origin)
          ? { credentials: withCredentials(origin) || origin === options.appOrigin }
          : undefined;
      case 'global':
        return globally(origin) ? { credentials: withCredentials(origin) } : undefined;
      case 'flow':
      case 'body': {
        if (globally(origin)) return { credentials: withCredentials(origin) };
        let flowId: string | undefined;
        if (scope.kind === 'flow') flowId = await scope.flowId();
        else if (body === undefined)
          return { credentials: false }; // a preflight carries no body
        else {
          const named = isRecord(body) ? (body.chatflowid ?? body.chatflowId) : undefined;
          flowId = typeof named === 'string' ? named : undefined;
        }
        if (!flowId) return undefined;
        const verdict = await options.flowVerdict(flowId, origin).catch(() => 'missing' as const);
        if (verdict === 'allowed' || (verdict === 'refused' && scope.kind === 'flow' && scope.readRefusal))
          return { credentials: false };
        return undefined;
      }
    }
  }

  function grant(reply: FastifyReply, origin: string, { credentials }: Grant) {
    // Set on the raw response: streamed answers write their headers themselves.
    reply.raw.setHeader('Access-Control-Allow-Origin', origin);
    if (credentials) reply.raw.setHeader('Access-Control-Allow-Credentials', 'true');
  }

  /**
   * Sets the permission headers of a request, or answers its preflight (then true: the request is
   * over).
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    origin: string,
    path: string,
  ): Promise<boolean> {
    reply.raw.setHeader('Vary', 'Origin');
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    const method = preflight
      ? String(request.headers['access-control-request-method']).toUpperCase()
      : request.method;
    const scope = scopeOf(method, path, options);
    if (!preflight) {
      if (scope.kind === 'body') return false; // decided in onSend, with the body
      const granted = await decide(scope, origin, undefined);
      if (granted) grant(reply, request.headers.origin!, granted);
      return false;
    }
    const granted = await decide(scope, origin, undefined);
    if (granted) {
      grant(reply, request.headers.origin!, granted);
      reply.raw.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
      const headers = request.headers['access-control-request-headers'];
      if (headers) reply.raw.setHeader('Access-Control-Allow-Headers', headers);
      reply.raw.setHeader('Access-Control-Max-Age', '600');
    }
    // A refused preflight is answered without permission headers: the browser stops there.
    reply.code(204).send();
    return true;
  }

  // Callback hooks: a request without an Origin header (servers, the benchmarks) costs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin?.toLowerCase();
    if (origin === undefined || !request.url.startsWith('/api/') || isSameOrigin(request)) return done();
    answer(request, reply, origin, request.url.split('?')[0] ?? '').then(
      (answered) => {
        if (!answered) done();
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin?.toLowerCase();
    if (origin === undefined || request.method !== 'POST' || isSameOrigin(request))
      return done(null, payload);
    const path = request.url.split('?')[0] ?? '';
    if (!BODY_ROUTES.has(`${request.method} ${path}`)) return done(null, payload);
    decide({ kind: 'body' }, origin, request.body ?? null).then(
      (granted) => {
        if (granted) grant(reply, request.headers.origin!, granted);
        done(null, payload);
      },
      (error: unknown) => done(error as Error),
    );
  });
}
