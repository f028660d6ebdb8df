import type { JSONSchema7 } from 'ai';
import { htmlToMarkdown, type NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { numberInput, objectInput, stringInput } from '../llm/chat-model.js';
import { MAX_RESPONSE_CHARS, fetchText, headersInput, targetUrl } from './http-tools.js';
import { asPromise, type ToolHandle } from './tool.js';

/**
 * What tells the Requests Get/Post/Put/Delete tools apart. Their inputs carry Flowise's names: a
 * method prefix (`requestsPutUrl`, `requestsPutHeaders`…), and the body `requestPutBody` (sic).
 */
export interface RequestKind {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  prefix: 'requestsGet' | 'requestsPost' | 'requestsPut' | 'requestsDelete';
  /** The tool name the model sees unless the node sets one. */
  defaultName: string;
  defaultDescription: string;
}

/** One entry of a Query Params Schema or Body Schema input (Flowise's shape). */
interface ParamSpec {
  type?: string;
  required?: boolean;
  /** Query params only: where the value goes (`path` replaces `:name` in the URL). */
  in?: string;
  description?: string;
}
type ParamSchema = Record<string, ParamSpec>;

const sendsBody = (kind: RequestKind) => kind.method === 'POST' || kind.method === 'PUT';
const bodyInputName = (kind: RequestKind) => `request${kind.prefix.slice('requests'.length)}Body`;

/** The inputs of a request tool node, with Flowise's names. */
export function requestInputs(kind: RequestKind): NodeParam[] {
  const { prefix, method } = kind;
  const schemaInput: NodeParam = sendsBody(kind)
    ? {
        label: 'Body Schema',
        name: `${prefix}BodySchema`,
        type: 'code',
        description:
          'The body fields the model fills in, as JSON: each name with its "type" (string, number, boolean, object, array), "required" and "description".',
        placeholder:
          '{\n  "name": { "type": "string", "required": true, "description": "Name of the item" }\n}',
        optional: true,
        additionalParams: true,
      }
    : {
        label: 'Query Params Schema',
        name: `${prefix}QueryParamsSchema`,
        type: 'code',
        description:
          'The parameters the model may pass, as JSON: each name with its "type", "required", "description" and "in" ("query" adds ?name=value, "path" replaces :name in the URL).',
        placeholder:
          '{\n  "id": { "type": "string", "required": true, "in": "path", "description": "Item id" }\n}',
        optional: true,
        additionalParams: true,
      };
  return [
    {
      label: 'URL',
      name: `${prefix}Url`,
      type: 'string',
      description: 'The URL this tool always calls. When empty, the model chooses the URL.',
      acceptVariable: true,
      optional: true,
    },
    {
      label: 'Name',
      name: `${prefix}Name`,
      type: 'string',
      default: kind.defaultName,
      description: 'Name of the tool as the model sees it',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Description',
      name: `${prefix}Description`,
      type: 'string',
      rows: 4,
      default: kind.defaultDescription,
      description: 'Tells the model when to use this tool',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Headers',
      name: `${prefix}Headers`,
      type: 'string',
      rows: 4,
      description: `Headers sent with every ${method} request, as a JSON object`,
      placeholder: '{\n  "Authorization": "Bearer <token>"\n}',
      acceptVariable: true,
      optional: true,
      additionalParams: true,
    },
    ...(sendsBody(kind)
      ? [
          {
            label: 'Body',
            name: bodyInputName(kind),
            type: 'string',
            rows: 4,
            description:
              'JSON body sent with every request. With a Body Schema, the fields the model fills in are added to it.',
            placeholder: '{\n  "name": "John Doe"\n}',
            acceptVariable: true,
            optional: true,
            additionalParams: true,
          },
        ]
      : []),
    schemaInput,
    {
      label: 'Max Output Length',
      name: `${prefix}MaxOutputLength`,
      type: 'number',
      description: `Most characters of the response handed to the model (at most ${MAX_RESPONSE_CHARS})`,
      default: '2000',
      step: 1,
      optional: true,
      additionalParams: true,
    },
  ];
}

/** A text input: rich text from the v2 canvas (`<p>…</p>`) as plain text. */
function plainInput(value: unknown): string | undefined {
  const text = stringInput(value);
  return text && /^\s*</.test(text) ? stringInput(htmlToMarkdown(text)) : text;
}

/**
 * The input by the name older flows saved it under (`url`, `headers`…), else by its current Flowise
 * name: Flowise reads them in this order, and an old node never has the new names set.
 */
function input(ctx: NodeContext, kind: RequestKind, suffix: string, legacy: string): unknown {
  const value = ctx.inputs[legacy];
  return value === undefined || value === '' ? ctx.inputs[`${kind.prefix}${suffix}`] : value;
}

/** The node's Name input as a function name a model accepts (Flowise's rule: lower case, `_` for spaces). */
function toolName(value: unknown, fallback: string): string {
  const name = (plainInput(value) ?? '')
    .toLowerCase()
    .replace(/ /g, '_')
    .replace(/[^a-z0-9_-]/g, '');
  return name || fallback;
}

function schemaInput(value: unknown, label: string): ParamSchema | undefined {
  let object: Record<string, unknown> | undefined;
  try {
    object = objectInput(plainInput(value) ?? value);
  } catch {
    throw new Error(`${label} is not a JSON object`);
  }
  if (!object) return undefined;
  for (const [name, spec] of Object.entries(object))
    if (!spec || typeof spec !== 'object' || Array.isArray(spec))
      throw new Error(`${label}: "${name}" must be an object such as { "type": "string" }`);
  return object as ParamSchema;
}

function jsonInput(value: unknown, label: string): Record<string, unknown> | undefined {
  try {
    return objectInput(plainInput(value) ?? value);
  } catch {
    throw new Error(`${label} is not a JSON object`);
  }
}

function maxOutputInput(value: unknown): number {
  const max = numberInput(value);
  if (max === undefined) return MAX_RESPONSE_CHARS;
  if (!Number.isInteger(max) || max <= 0)
    throw new Error('Max Output Length must be a positive whole number');
  return Math.min(max, MAX_RESPONSE_CHARS);
}

const JSON_TYPES = new Set(['string', 'number', 'boolean', 'object', 'array']);

/** A Flowise parameter schema as the JSON schema of one object argument. */
function objectSchema(schema: ParamSchema, description: string): JSONSchema7 {
  const properties = Object.fromEntries(
    Object.entries(schema).map(([name, spec]): [string, JSONSchema7] => {
      const type = spec.type && JSON_TYPES.has(spec.type) ? spec.type : 'string';
      return [
        name,
        { type: type as JSONSchema7['type'], ...(spec.description && { description: spec.description }) },
      ];
    }),
  );
  const required = Object.entries(schema)
    .filter(([, spec]) => spec.required === true)
    .map(([name]) => name);
  return { type: 'object', description, properties, ...(required.length > 0 && { required }) };
}

/**
 * The URL with the model's parameters placed: `in: "path"` replaces `:name` in the path (or is
 * appended as a path segment when there is none), the rest become query parameters. With a schema,
 * parameters it does not list are dropped.
 */
export function withParams(url: string, params: unknown, schema: ParamSchema | undefined): string {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return url;
  if (!URL.canParse(url)) throw new Error(`"${url}" is not a valid URL`);
  const target = new URL(url);
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (schema && !(name in schema)) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (schema?.[name]?.in !== 'path') {
      target.searchParams.append(name, text);
      continue;
    }
    const placeholder = new RegExp(`:${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'g');
    const filled = target.pathname.replace(placeholder, encodeURIComponent(text));
    target.pathname =
      filled !== target.pathname
        ? filled
        : `${target.pathname.replace(/\/+$/, '')}/${encodeURIComponent(text)}`;
  }
  return target.toString();
}

/**
 * The body sent: the node's Body with the model's `body` fields over it when a Body Schema says
 * what the model fills in; else the node's Body, or else what the model gave (`data`, or `body`).
 */
function requestBody(
  fixed: Record<string, unknown> | undefined,
  schema: ParamSchema | undefined,
  args: Record<string, unknown>,
): string {
  if (schema) {
    const given = args.body && typeof args.body === 'object' ? (args.body as Record<string, unknown>) : {};
    return JSON.stringify({ ...fixed, ...given });
  }
  if (fixed) return JSON.stringify(fixed);
  const given = args.data ?? args.body;
  return typeof given === 'string' ? given : JSON.stringify(given ?? {});
}

/**
 * Builds the tool of a Requests Get/Post/Put/Delete node. Requests go only through the run's
 * address-guarded client; the answer is the response text, cut to Max Output Length.
 */
export function requestTool(ctx: NodeContext, kind: RequestKind): ToolHandle {
  const fixedUrl = plainInput(input(ctx, kind, 'Url', 'url'));
  const headers = {
    ...(sendsBody(kind) && { 'content-type': 'application/json' }),
    ...headersInput(jsonInput(input(ctx, kind, 'Headers', 'headers'), 'Headers')),
  };
  const maxChars = maxOutputInput(input(ctx, kind, 'MaxOutputLength', 'maxOutputLength'));
  const paramSchema = sendsBody(kind)
    ? undefined
    : schemaInput(input(ctx, kind, 'QueryParamsSchema', 'queryParamsSchema'), 'Query Params Schema');
  const bodySchema = sendsBody(kind)
    ? schemaInput(input(ctx, kind, 'BodySchema', 'bodySchema'), 'Body Schema')
    : undefined;
  const fixedBody = sendsBody(kind)
    ? jsonInput(ctx.inputs.body || ctx.inputs[bodyInputName(kind)], 'Body')
    : undefined;

  const properties: Record<string, JSONSchema7> = {};
  if (!fixedUrl)
    properties.url = { type: 'string', description: `The URL to send the ${kind.method} request to` };
  if (paramSchema) properties.queryParams = objectSchema(paramSchema, 'Parameters of the request');
  if (bodySchema) properties.body = objectSchema(bodySchema, 'Fields of the request body');
  else if (sendsBody(kind) && !fixedBody)
    properties.data = { type: 'object', description: 'The JSON data to send' };
  const required = [...(!fixedUrl ? ['url'] : []), ...(bodySchema ? ['body'] : [])];

  const { http } = ctx.run.services;
  return {
    kind: 'tool',
    name: toolName(input(ctx, kind, 'Name', 'name'), kind.defaultName),
    description: plainInput(input(ctx, kind, 'Description', 'description')) ?? kind.defaultDescription,
    inputSchema: { type: 'object', properties, ...(required.length > 0 && { required }) },
    invoke: (args, { signal }) =>
      asPromise(() => {
        const url = withParams(targetUrl(fixedUrl, args.url ?? args.input), args.queryParams, paramSchema);
        const init: RequestInit = sendsBody(kind)
          ? { method: kind.method, headers, body: requestBody(fixedBody, bodySchema, args), signal }
          : { method: kind.method, headers, signal };
        return fetchText(http, url, init, maxChars);
      }),
  };
}
