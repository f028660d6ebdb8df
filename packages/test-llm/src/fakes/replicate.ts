import { json, startFakeService, type FakeCall, type FakeService } from './fake-http.js';

export interface FakeReplicateOptions {
  /** The token every request must carry as `Authorization: Bearer …` (default `r8_test`). */
  token?: string;
  /** A version's inputs in their `x-order`, by version id (default: `prompt` first). */
  versionInputs?: Record<string, string[]>;
}

/** What the next prediction does (queued with `script`). */
export interface ReplicateScript {
  /** Its output once it succeeds (default: the prompt's words as a list of tokens). */
  output?: unknown;
  /** Ends `failed` with this error. */
  error?: string;
  /** Looks before it finishes (default 1; 0 when the create request says `Prefer: wait`). */
  polls?: number;
  /** Never finishes (for timeout tests). */
  never?: boolean;
}

interface StoredPrediction {
  id: string;
  model: string;
  version: string | null;
  input: Record<string, unknown>;
  status: string;
  output: unknown;
  error: string | null;
  pollsLeft: number;
  script: ReplicateScript;
}

export interface FakeReplicate extends FakeService {
  /** Base URL of the API (`…/v1`). */
  apiUrl: string;
  script(...next: ReplicateScript[]): void;
  /** Predictions created, oldest first. */
  readonly predictions: StoredPrediction[];
}

/** The default output: `Replicate heard: <prompt>` as a list of tokens, as language models stream it. */
export function replicateTokens(prompt: string): string[] {
  return `Replicate heard: ${prompt}`.split(/(?=\s)/);
}

/**
 * A Replicate stand-in on 127.0.0.1: version schemas, predictions created by version
 * (`POST /v1/predictions`) or by model (`POST /v1/models/:owner/:name/predictions`), followed with
 * `GET /v1/predictions/:id` (`starting` → `processing` → `succeeded`/`failed`) and canceled with
 * `POST /v1/predictions/:id/cancel`. Errors in Replicate's problem shape (`title`, `detail`).
 */
export async function startFakeReplicate(options: FakeReplicateOptions = {}): Promise<FakeReplicate> {
  const token = options.token ?? 'r8_test';
  const queue: ReplicateScript[] = [];
  const predictions: StoredPrediction[] = [];
  const view = (p: StoredPrediction) => ({
    id: p.id,
    model: p.model,
    version: p.version,
    input: p.input,
    status: p.status,
    output: p.status === 'succeeded' ? p.output : null,
    error: p.error,
    urls: { get: `https://elsewhere.example/v1/predictions/${p.id}` },
  });
  const create = (model: string, version: string | null, body: unknown, wait: boolean) => {
    const input = (body as { input?: unknown } | undefined)?.input;
    if (!input || typeof input !== 'object')
      return json(422, { title: 'Invalid input', detail: 'input is required', status: 422 });
    const script = queue.shift() ?? {};
    const prompt = String((input as Record<string, unknown>).prompt ?? Object.values(input)[0] ?? '');
    const prediction: StoredPrediction = {
      id: `pred${predictions.length + 1}`,
      model,
      version,
      input: input as Record<string, unknown>,
      status: 'starting',
      output: script.output ?? replicateTokens(prompt),
      error: null,
      pollsLeft: script.polls ?? (wait ? 0 : 1),
      script,
    };
    predictions.push(prediction);
    if (prediction.pollsLeft === 0) advance(prediction);
    return json(201, view(prediction));
  };
  /** One step of a running prediction: still processing, or finished as scripted. */
  const advance = (prediction: StoredPrediction) => {
    if (prediction.status !== 'starting' && prediction.status !== 'processing') return;
    if (prediction.script.never || prediction.pollsLeft-- > 1) prediction.status = 'processing';
    else if (prediction.script.error) {
      prediction.status = 'failed';
      prediction.error = prediction.script.error;
    } else prediction.status = 'succeeded';
  };
  const waits = (call: FakeCall) => String(call.headers.prefer ?? '').startsWith('wait');
  const route = (call: FakeCall) => {
    if (call.headers.authorization !== `Bearer ${token}`)
      return json(401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    const version = /^\/v1\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)$/.exec(call.path);
    if (version && call.method === 'GET') {
      const order = options.versionInputs?.[version[3]!] ?? ['prompt', 'max_length', 'temperature'];
      const properties = Object.fromEntries(
        order.map((name, index) => [name, { type: 'string', 'x-order': index }]),
      );
      return json(200, {
        id: version[3],
        openapi_schema: { components: { schemas: { Input: { properties } } } },
      });
    }
    if (call.path === '/v1/predictions' && call.method === 'POST') {
      const body = call.body as { version?: unknown } | undefined;
      if (typeof body?.version !== 'string')
        return json(422, { title: 'Invalid version', detail: 'version is required', status: 422 });
      return create('', body.version, body, waits(call));
    }
    const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(call.path);
    if (byModel && call.method === 'POST')
      return create(`${byModel[1]}/${byModel[2]}`, null, call.body, waits(call));
    const one = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(call.path);
    const prediction = one && predictions.find((p) => p.id === one[1]);
    if (one && !prediction) return json(404, { title: 'Not found', detail: 'Not found.', status: 404 });
    if (one && prediction && one[2] && call.method === 'POST') {
      if (prediction.status === 'starting' || prediction.status === 'processing')
        prediction.status = 'canceled';
      return json(200, view(prediction));
    }
    if (one && prediction && call.method === 'GET') {
      advance(prediction);
      return json(200, view(prediction));
    }
    return json(404, { title: 'Not found', detail: `No route ${call.method} ${call.path}`, status: 404 });
  };
  const service = await startFakeService(route);
  return Object.assign(service, {
    apiUrl: `${service.url}/v1`,
    predictions,
    script: (...next: ReplicateScript[]) => void queue.push(...next),
  });
}
