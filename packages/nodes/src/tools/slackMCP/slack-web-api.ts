import type { GuardedFetch } from '@flowloom/engine';
import { MAX_RESPONSE_BYTES, readBoundedText } from '../http-tools.js';
import { SEARCH_TIMEOUT_MS, endpointUrl } from '../search-api.js';

/** Slack's Web API; an operator may put a proxy (tests a local fake) there with SLACK_API_BASE_URL. */
export const SLACK_API_DEFAULT_URL = 'https://slack.com/api';

export type SlackParams = Record<string, string | number | undefined>;

/** Calls Slack's Web API methods with one bot token. */
export interface SlackWebApi {
  /** A read method: GET with query parameters. Answers Slack's JSON when `ok`, else throws why. */
  read(method: string, params: SlackParams, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** A write method: POST with a JSON body. */
  write(method: string, params: SlackParams, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** What to do about Slack's commonest refusals, after its own error code. */
const HINTS: Record<string, string> = {
  invalid_auth: 'the bot token is not valid: check the Slack Bot Token credential',
  not_authed: 'no bot token was sent: check the Slack Bot Token credential',
  account_inactive: 'the bot token belongs to a deleted app or user',
  token_revoked: 'the bot token was revoked: install the app again and update the credential',
  not_in_channel: 'the bot is not a member of that channel: invite it there first (/invite @your-bot)',
  channel_not_found:
    'no channel has that id, or the bot cannot see it (use the id, like C0123456, not the name)',
  is_archived: 'the channel is archived',
  message_not_found: 'no message has that timestamp in the channel',
  thread_not_found: 'no thread starts at that timestamp in the channel',
  user_not_found: 'no user has that id',
  already_reacted: 'the bot already added that reaction',
  invalid_name: 'that is not an emoji name (give it without colons, like thumbsup)',
  no_text: 'the message has no text',
  msg_too_long: 'the message is too long',
};

/** A refusal as a sentence: the method, Slack's code, and what helps. */
function refusal(method: string, body: Record<string, unknown>, retryAfter: string | null): Error {
  const code = typeof body.error === 'string' ? body.error.slice(0, 100) : 'unknown_error';
  let why = HINTS[code];
  if (code === 'missing_scope' && typeof body.needed === 'string')
    why = `the app lacks the ${body.needed.slice(0, 200)} scope: add it to the app's bot token scopes and reinstall`;
  if (code === 'ratelimited')
    why = `Slack is limiting requests: try again ${retryAfter ? `in ${retryAfter} seconds` : 'later'}`;
  return new Error(`Slack refused ${method} (${code})${why ? `: ${why}` : ''}`);
}

/**
 * A Slack Web API client for one bot token: every request goes through the run's guarded client to
 * `baseUrl` only (never across a redirect, so the token cannot travel elsewhere), within
 * {@link SEARCH_TIMEOUT_MS}, its answer read up to {@link MAX_RESPONSE_BYTES}. Slack answers 200 with
 * `ok: false` when it refuses; that becomes an error naming its code and what to do.
 */
export function slackWebApi(http: GuardedFetch, baseUrl: string, token: string): SlackWebApi {
  async function call(
    method: string,
    verb: 'GET' | 'POST',
    params: SlackParams,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    const url = endpointUrl(baseUrl, `/${method}`);
    const defined = Object.entries(params).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    );
    if (verb === 'GET') for (const [name, value] of defined) url.searchParams.set(name, String(value));
    const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    let response: Response;
    let text: string;
    try {
      response = await http(url.toString(), {
        method: verb,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(verb === 'POST' && { 'content-type': 'application/json; charset=utf-8' }),
        },
        ...(verb === 'POST' && { body: JSON.stringify(Object.fromEntries(defined)) }),
        redirect: 'error',
        signal: AbortSignal.any([signal, timeout]),
      });
      const read = await readBoundedText(response);
      if (read.truncated)
        throw new Error(
          `the answer is larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB and was not read`,
        );
      text = read.text;
    } catch (error) {
      signal.throwIfAborted();
      if (timeout.aborted)
        throw new Error(`Slack did not answer ${method} within ${SEARCH_TIMEOUT_MS / 1000} seconds`);
      throw new Error(
        `Slack could not be reached for ${method}: ${(error as Error).message.split(token).join('***')}`,
        {
          cause: error,
        },
      );
    }
    if (response.status === 429)
      throw refusal(method, { error: 'ratelimited' }, response.headers.get('retry-after'));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`Slack answered ${method} with HTTP ${response.status} and no JSON`);
    }
    const answer = (body ?? {}) as Record<string, unknown>;
    if (answer.ok !== true) throw refusal(method, answer, response.headers.get('retry-after'));
    return answer;
  }

  return {
    read: (method, params, signal) => call(method, 'GET', params, signal),
    write: (method, params, signal) => call(method, 'POST', params, signal),
  };
}
