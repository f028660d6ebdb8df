import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * The headers of an answer, read-only, with the `Headers` methods the AI SDK providers use (`get`,
 * `has`, iteration). Names are lower case, as Node gives them; repeated headers are joined with
 * ", " as `Headers` does (set-cookie aside, which a model provider does not send us).
 */
export class ResponseHeaders implements Iterable<[string, string]> {
  readonly #values: Map<string, string>;

  constructor(raw: IncomingHttpHeaders) {
    this.#values = new Map();
    for (const name in raw) {
      const value = raw[name];
      if (value !== undefined) this.#values.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string, headers: ResponseHeaders) => void): void {
    for (const [name, value] of this.#values) callback(value, name, this);
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  keys(): IterableIterator<string> {
    return this.#values.keys();
  }

  values(): IterableIterator<string> {
    return this.#values.values();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.#values.entries();
  }
}

/** A reader over one chunk: what `body.getReader()` gives for an answer already in memory. */
function chunkReader(bytes: Uint8Array) {
  let pending = bytes.length > 0;
  return {
    read: (): Promise<{ done: true; value: undefined } | { done: false; value: Uint8Array }> => {
      if (!pending) return Promise.resolve({ done: true, value: undefined });
      pending = false;
      return Promise.resolve({ done: false, value: bytes });
    },
    cancel: (): Promise<void> => {
      pending = false;
      return Promise.resolve();
    },
    releaseLock: (): void => undefined,
    closed: Promise.resolve(undefined),
  };
}

const decoder = new TextDecoder();

/** What every lean response has: the parts of `Response` the AI SDK's provider utilities read. */
abstract class LeanResponse {
  readonly type = 'basic';
  readonly redirected = false;
  readonly ok: boolean;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: ResponseHeaders,
    readonly url: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  abstract get bodyUsed(): boolean;
  abstract arrayBuffer(): Promise<ArrayBuffer>;

  async text(): Promise<string> {
    return decoder.decode(await this.arrayBuffer());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
}

/**
 * A whole (not streamed) answer from a model provider: `body.getReader()` yields its bytes once.
 *
 * Why not `new Response(buffer)`: Node builds a web `ReadableStream` and an undici `Headers` for
 * every one, which cost about 0.025 ms of CPU per model call — several percent of a whole run of a
 * one-LLM flow.
 */
export class BufferedResponse extends LeanResponse {
  #bytes: Uint8Array;
  #used = false;

  constructor(bytes: Uint8Array, status: number, statusText: string, headers: ResponseHeaders, url: string) {
    super(status, statusText, headers, url);
    this.#bytes = bytes;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The body, readable once through `getReader()` (or cancelled), as a fetch body is. */
  get body() {
    return {
      getReader: () => chunkReader(this.#take()),
      cancel: (): Promise<void> => {
        this.#used = true;
        return Promise.resolve();
      },
      locked: this.#used,
    };
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return new Promise((resolve) => {
      const bytes = this.#take(); // a second read rejects, as it does on a fetch Response
      resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    });
  }
}

/** Chunks held before the source is paused (each is one socket read). */
const STREAM_HIGH_WATER_MARK = 16;

/**
 * The answer's bytes as a web stream, fed straight from the socket's `data` events and pausing it
 * while the reader is behind. `Readable.toWeb` does the same through a generic adapter that costs
 * several times more per stream on Node 20; on a streamed model call that is time added before the
 * first token reaches the user.
 */
export function webStreamOf(source: Readable): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.on('data', (chunk: Buffer) => {
          if (done) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) source.pause();
        });
        source.once('end', () => {
          if (done) return;
          done = true;
          controller.close();
        });
        source.once('error', (error) => {
          if (done) return;
          done = true;
          controller.error(error);
        });
      },
      pull() {
        if (source.isPaused()) source.resume();
      },
      cancel(reason) {
        done = true;
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new CountQueuingStrategy({ highWaterMark: STREAM_HIGH_WATER_MARK }),
  );
}

/** A streamed answer (server-sent events, NDJSON): `body` is a web stream the SDK pipes through. */
export class StreamedResponse extends LeanResponse {
  readonly body: ReadableStream<Uint8Array>;

  constructor(
    body: ReadableStream<Uint8Array>,
    status: number,
    statusText: string,
    headers: ResponseHeaders,
    url: string,
  ) {
    super(status, statusText, headers, url);
    this.body = body;
  }

  get bodyUsed(): boolean {
    return this.body.locked;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const chunks: Uint8Array[] = [];
    const reader = this.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const whole = Buffer.concat(chunks);
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength);
  }
}
