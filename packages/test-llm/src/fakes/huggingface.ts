import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';

export interface FakeHuggingFaceOptions {
  /** The token every request must carry as `Authorization: Bearer …` (default `hf_test`); `null`: none needed. */
  token?: string | null;
}

export interface FakeHuggingFace extends FakeService {
  /** Base of the serverless text-generation API (`…/hf-inference`, models under `/models/…`). */
  inferenceUrl: string;
  /** Answers for the next calls, in order: a text to generate, or a whole answer (status and body). */
  script(...next: ({ text: string } | FakeAnswer)[]): void;
}

/**
 * A Hugging Face text-generation stand-in on 127.0.0.1: `POST /hf-inference/models/<owner>/<name>`
 * (the serverless API) and `POST` to any other path (a dedicated inference endpoint or a TGI server),
 * each taking `{inputs, parameters}` and answering `[{generated_text}]` (`{generated_text}` under
 * `…/generate`, as TGI does). The default text is `HF generated from: <inputs>`.
 */
export async function startFakeHuggingFace(options: FakeHuggingFaceOptions = {}): Promise<FakeHuggingFace> {
  const token = options.token === undefined ? 'hf_test' : options.token;
  const queue: ({ text: string } | FakeAnswer)[] = [];
  const route = (call: FakeCall): FakeAnswer => {
    if (token !== null && call.headers.authorization !== `Bearer ${token}`)
      return json(401, { error: 'Invalid credentials in Authorization header' });
    if (call.method !== 'POST') return json(405, { error: 'Method not allowed' });
    const body = call.body as { inputs?: unknown } | undefined;
    if (typeof body?.inputs !== 'string') return json(400, { error: 'inputs must be a string' });
    const next = queue.shift();
    if (next && 'status' in next) return next;
    const text = next?.text ?? `HF generated from: ${body.inputs}`;
    return json(200, call.path.endsWith('/generate') ? { generated_text: text } : [{ generated_text: text }]);
  };
  const service = await startFakeService(route);
  return Object.assign(service, {
    inferenceUrl: `${service.url}/hf-inference`,
    script: (...next: ({ text: string } | FakeAnswer)[]) => void queue.push(...next),
  });
}
