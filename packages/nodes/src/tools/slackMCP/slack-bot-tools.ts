import type { JSONSchema7 } from 'ai';
import { MAX_RESPONSE_CHARS } from '../http-tools.js';
import type { SlackParams, SlackWebApi } from './slack-web-api.js';

/** One tool of the bot-token Slack toolset: the names and arguments of Slack's reference MCP server. */
export interface SlackBotTool {
  name: string;
  description: string;
  inputSchema: JSONSchema7;
  call(
    api: SlackWebApi,
    args: Record<string, unknown>,
    ctx: SlackCallContext,
  ): Promise<Record<string, unknown>>;
}

export interface SlackCallContext {
  teamId: string;
  signal: AbortSignal;
}

const TIMESTAMP_HINT =
  "A message timestamp like '1234567890.123456' (six digits after the point; add the point to one written without it).";

const text = (description: string): JSONSchema7 => ({ type: 'string', description });
const count = (description: string, fallback: number, max: number): JSONSchema7 => ({
  type: 'number',
  description: `${description} (default ${fallback}, at most ${max})`,
  default: fallback,
});

function schema(properties: Record<string, JSONSchema7>, required: string[] = []): JSONSchema7 {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Longest message Slack takes (its limit for `text`). */
export const MAX_SLACK_TEXT = 40_000;
/** Longest id, timestamp or emoji name accepted (Slack's are far shorter). */
const MAX_ID = 100;
/** Longest pagination cursor accepted. */
const MAX_CURSOR = 1_000;

/** A string argument as given (a number is taken as its text), or an error the model can act on. */
function required(args: Record<string, unknown>, name: string, max = MAX_ID): string {
  const value = args[name];
  const given = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof given !== 'string' || given.trim() === '') throw new Error(`"${name}" is required`);
  if (given.length > max) throw new Error(`"${name}" is longer than ${max} characters`);
  return given.trim();
}

function optionalText(args: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (value.length > max) throw new Error(`"${name}" is longer than ${max} characters`);
  return value.trim();
}

/** A count argument within 1…max, `fallback` when absent. */
function limit(args: Record<string, unknown>, fallback: number, max: number): number {
  const value = typeof args.limit === 'string' ? Number(args.limit) : args.limit;
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
    throw new Error('"limit" must be a number from 1');
  return Math.min(Math.floor(value), max);
}

/**
 * A message timestamp as Slack writes it, `1234567890.123456`: models often drop the point
 * (`1234567890123456`) or its trailing zeros (a number, `1234567890.1234`), and both are mended.
 */
function timestamp(args: Record<string, unknown>, name: string): string {
  const value = required(args, name);
  if (/^\d{16}$/.test(value)) return `${value.slice(0, 10)}.${value.slice(10)}`;
  const parts = /^(\d+)\.(\d{1,5})$/.exec(value);
  if (parts) return `${parts[1]}.${parts[2]!.padEnd(6, '0')}`;
  return value;
}

const withCursor = (params: SlackParams, cursor: string | undefined) =>
  cursor ? { ...params, cursor } : params;

export const SLACK_BOT_TOOLS: readonly SlackBotTool[] = [
  {
    name: 'slack_list_channels',
    description: 'Lists the public channels of the Slack workspace (id, name, topic), a page at a time.',
    inputSchema: schema({
      limit: count('How many channels to list', 100, 200),
      cursor: text('The next_cursor of the previous page, to read the next one'),
    }),
    call: (api, args, { teamId, signal }) =>
      api.read(
        'conversations.list',
        withCursor(
          {
            types: 'public_channel',
            exclude_archived: 'true',
            limit: limit(args, 100, 200),
            team_id: teamId || undefined,
          },
          optionalText(args, 'cursor', MAX_CURSOR),
        ),
        signal,
      ),
  },
  {
    name: 'slack_post_message',
    description: 'Posts a new message in a Slack channel the bot belongs to.',
    inputSchema: schema(
      { channel_id: text('Id of the channel to post in (like C0123456)'), text: text('The message to post') },
      ['channel_id', 'text'],
    ),
    call: (api, args, { signal }) =>
      api.write(
        'chat.postMessage',
        { channel: required(args, 'channel_id'), text: required(args, 'text', MAX_SLACK_TEXT) },
        signal,
      ),
  },
  {
    name: 'slack_reply_to_thread',
    description: 'Replies in the thread of a Slack message.',
    inputSchema: schema(
      {
        channel_id: text('Id of the channel the thread is in'),
        thread_ts: text(`Timestamp of the message that starts the thread. ${TIMESTAMP_HINT}`),
        text: text('The reply'),
      },
      ['channel_id', 'thread_ts', 'text'],
    ),
    call: (api, args, { signal }) =>
      api.write(
        'chat.postMessage',
        {
          channel: required(args, 'channel_id'),
          thread_ts: timestamp(args, 'thread_ts'),
          text: required(args, 'text', MAX_SLACK_TEXT),
        },
        signal,
      ),
  },
  {
    name: 'slack_add_reaction',
    description: 'Adds an emoji reaction to a Slack message.',
    inputSchema: schema(
      {
        channel_id: text('Id of the channel the message is in'),
        timestamp: text(`Timestamp of the message. ${TIMESTAMP_HINT}`),
        reaction: text('Emoji name without colons, like thumbsup'),
      },
      ['channel_id', 'timestamp', 'reaction'],
    ),
    call: (api, args, { signal }) =>
      api.write(
        'reactions.add',
        {
          channel: required(args, 'channel_id'),
          timestamp: timestamp(args, 'timestamp'),
          name: required(args, 'reaction').replace(/^:|:$/g, ''),
        },
        signal,
      ),
  },
  {
    name: 'slack_get_channel_history',
    description: 'Reads the latest messages of a Slack channel, newest first.',
    inputSchema: schema(
      { channel_id: text('Id of the channel'), limit: count('How many messages to read', 10, 200) },
      ['channel_id'],
    ),
    call: (api, args, { signal }) =>
      api.read(
        'conversations.history',
        { channel: required(args, 'channel_id'), limit: limit(args, 10, 200) },
        signal,
      ),
  },
  {
    name: 'slack_get_thread_replies',
    description: 'Reads a Slack message and every reply in its thread.',
    inputSchema: schema(
      {
        channel_id: text('Id of the channel the thread is in'),
        thread_ts: text(`Timestamp of the message that starts the thread. ${TIMESTAMP_HINT}`),
      },
      ['channel_id', 'thread_ts'],
    ),
    call: (api, args, { signal }) =>
      api.read(
        'conversations.replies',
        { channel: required(args, 'channel_id'), ts: timestamp(args, 'thread_ts') },
        signal,
      ),
  },
  {
    name: 'slack_get_users',
    description: 'Lists the people of the Slack workspace with their basic profiles, a page at a time.',
    inputSchema: schema({
      cursor: text('The next_cursor of the previous page, to read the next one'),
      limit: count('How many people to list', 100, 200),
    }),
    call: (api, args, { teamId, signal }) =>
      api.read(
        'users.list',
        withCursor(
          { limit: limit(args, 100, 200), team_id: teamId || undefined },
          optionalText(args, 'cursor', MAX_CURSOR),
        ),
        signal,
      ),
  },
  {
    name: 'slack_get_user_profile',
    description: "Reads one person's Slack profile in detail.",
    inputSchema: schema({ user_id: text('Id of the person (like U0123456)') }, ['user_id']),
    call: (api, args, { signal }) =>
      api.read('users.profile.get', { user: required(args, 'user_id'), include_labels: 'true' }, signal),
  },
];

/** Slack's answer for the model: its JSON without the `ok` flag, cut at {@link MAX_RESPONSE_CHARS}. */
export function slackAnswerText(answer: Record<string, unknown>): string {
  const { ok: _ok, ...rest } = answer;
  const text = JSON.stringify(rest);
  return text.length > MAX_RESPONSE_CHARS
    ? `${text.slice(0, MAX_RESPONSE_CHARS)}\n[cut: the answer was ${text.length} characters long]`
    : text;
}
