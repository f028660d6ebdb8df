import type { NodeContext } from '@flowloom/engine';
import { stringInput } from '../llm/chat-model.js';
import { MAX_RESPONSE_BYTES, readBoundedText } from './http-tools.js';
import { SEARCH_TIMEOUT_MS, endpointUrl, errorDetail } from './search-api.js';

/** An access token expiring within this margin is renewed before it is used. */
const EXPIRY_MARGIN_MS = 60_000;

export interface OAuth2ApiOptions {
  /** The service as people know it, for messages (`Gmail`). */
  service: string;
  /** The credential type's label, for messages (`Gmail OAuth2`). */
  credentialLabel: string;
  /** Where the API lives: the only address the access token is sent to. */
  baseUrl: string;
}

export type QueryValues = Record<string, string | number | undefined>;

/** A JSON API called with the bearer token of the node's OAuth2 credential. */
export interface OAuth2Api {
  /**
   * Sends one request (`path` under the base URL) and answers its JSON body (`undefined` for an
   * empty one). An expired token is renewed first; a token the API refuses (401) is renewed once
   * and the request sent again. Failures are errors naming the service, never holding the token.
   */
  request(
    method: string,
    path: string,
    options: { query?: QueryValues; body?: unknown; signal: AbortSignal },
  ): Promise<unknown>;
}

interface Access {
  token: string;
  /** Got by renewing during this request: a second refusal is final. */
  renewed: boolean;
}

/** Whether the credential says its access token has expired (or is about to). */
function expired(data: Record<string, unknown>, now: Date): boolean {
  const at = typeof data.expires_at === 'string' ? Date.parse(data.expires_at) : NaN;
  return Number.isFinite(at) && at - EXPIRY_MARGIN_MS <= now.getTime();
}

/** A failed status as a sentence naming the service and what may help. */
function statusError(options: OAuth2ApiOptions, response: Response, text: string): Error {
  const { service } = options;
  const detail = errorDetail(text);
  const said = detail ? `: ${detail.replace(/[\s.]+$/, '')}` : '';
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  switch (response.status) {
    case 401:
      return new Error(
        `${service} did not accept the credential's access token (${status})${said}. Reconnect the credential: open the ${options.credentialLabel} credential and press Authenticate.`,
      );
    case 403:
      return new Error(
        `${service} refused the request (${status})${said}. The signed-in account, or the scopes it granted, do not allow this; press Authenticate on the ${options.credentialLabel} credential to grant them again.`,
      );
    case 404:
      return new Error(`${service} found no such item (${status})${said}. Check the ids given.`);
    case 429: {
      const wait = response.headers.get('retry-after');
      return new Error(
        `${service} is limiting requests (${status})${said}. Try again ${wait ? `in ${wait} seconds` : 'later'}.`,
      );
    }
    default:
      return response.status >= 500
        ? new Error(`${service} failed to answer (${status})${said}. Try again later.`)
        : new Error(`${service} refused the request (${status})${said}`);
  }
}

/**
 * The API client of a tool that acts for the person who signed in to its OAuth2 credential: the
 * token is read from the credential (and renewed through the server when it expired or is refused),
 * sent only to `baseUrl` through the run's guarded client, never across a redirect.
 */
export function oauth2Api(ctx: NodeContext, options: OAuth2ApiOptions): OAuth2Api {
  const { service } = options;
  let current: string | undefined;

  async function renew(refresh: () => Promise<Record<string, unknown>>): Promise<Access> {
    let data: Record<string, unknown>;
    try {
      data = await refresh();
    } catch (error) {
      throw new Error(`${service}: could not renew the access token. ${(error as Error).message}`, {
        cause: error,
      });
    }
    const token = stringInput(data.access_token);
    if (!token) throw new Error(`${service}: renewing the access token gave none`);
    current = token;
    return { token, renewed: true };
  }

  async function access(): Promise<Access> {
    if (current) return { token: current, renewed: false };
    const data = await ctx.credential();
    if (Object.keys(data).length === 0)
      throw new Error(
        `${service} has no credential: choose a ${options.credentialLabel} credential on the node`,
      );
    const token = stringInput(data.access_token);
    if (!token)
      throw new Error(
        `The ${options.credentialLabel} credential is not connected yet: open it and press Authenticate to sign in`,
      );
    const refresh = ctx.refreshCredential?.bind(ctx);
    if (refresh && stringInput(data.refresh_token) && expired(data, ctx.run.services.now()))
      return renew(refresh);
    current = token;
    return { token, renewed: false };
  }

  async function send(
    token: string,
    method: string,
    url: URL,
    body: unknown,
    signal: AbortSignal,
  ): Promise<{ response: Response; text: string }> {
    const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    let response: Response;
    let read: { text: string; truncated: boolean };
    try {
      response = await ctx.run.services.http(url.toString(), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        // A redirect would carry the token elsewhere: these APIs answer where they are asked.
        redirect: 'error',
        signal: AbortSignal.any([signal, timeout]),
      });
      read = await readBoundedText(response);
    } catch (error) {
      signal.throwIfAborted();
      if (timeout.aborted)
        throw new Error(`${service} did not answer within ${SEARCH_TIMEOUT_MS / 1000} seconds`);
      const message = (error as Error).message.split(token).join('***');
      throw new Error(`${service} could not be reached: ${message}`, { cause: error });
    }
    if (read.truncated)
      throw new Error(
        `${service} answered more than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB; the answer was not read`,
      );
    return { response, text: read.text };
  }

  return {
    async request(method, path, { query, body, signal }) {
      const url = endpointUrl(options.baseUrl, path);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      let credential = await access();
      let answer = await send(credential.token, method, url, body, signal);
      const refresh = ctx.refreshCredential?.bind(ctx);
      if (answer.response.status === 401 && !credential.renewed && refresh) {
        credential = await renew(refresh);
        answer = await send(credential.token, method, url, body, signal);
      }
      const { response, text } = answer;
      if (!response.ok) throw statusError(options, response, text.split(credential.token).join('***'));
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(
          `${service} did not answer with JSON (${response.headers.get('content-type') ?? 'no content type'})`,
        );
      }
    },
  };
}
