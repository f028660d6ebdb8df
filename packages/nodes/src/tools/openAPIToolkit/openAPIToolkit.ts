import yaml from 'js-yaml';
import type { JSONSchema7 } from 'ai';
import type { GuardedFetch, NodeContext, NodeType } from '@flowloom/engine';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { decodeText, readFiles } from '../../document-loaders/loader.js';
import { badgeIcon } from '../../utilities/icons.js';
import { fetchText, headersInput } from '../http-tools.js';
import type { ToolHandle } from '../tool.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Operations one file may give the model (each is a tool the model reads about). */
export const MAX_OPERATIONS = 128;

interface Parameter {
  name?: unknown;
  in?: unknown;
  required?: unknown;
  description?: unknown;
  schema?: unknown;
}
interface Operation {
  operationId?: unknown;
  summary?: unknown;
  description?: unknown;
  parameters?: unknown;
  requestBody?: { content?: Record<string, { schema?: unknown }>; required?: unknown };
}
interface Spec {
  servers?: { url?: unknown }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: unknown;
}

/** One API operation as a tool: where it goes and how its arguments map onto the request. */
export interface ApiOperation {
  name: string;
  description: string;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  inputSchema: JSONSchema7;
}

/** Resolves local `$ref`s (`#/components/…`), at most a few levels deep (a spec may refer to itself). */
function resolveRefs(value: unknown, root: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, root, depth + 1));
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = root;
    for (const key of ref.slice(2).split('/'))
      target = (target as Record<string, unknown> | undefined)?.[key];
    return resolveRefs(target ?? {}, root, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, resolveRefs(item, root, depth + 1)]),
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A tool name the providers accept: letters, digits, `_` and `-`, at most 64 characters. */
function toolName(operation: Operation, method: string, path: string): string {
  const raw = text(operation.operationId) || `${method}_${path}`;
  return (
    raw
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 64) || `${method}_operation`
  );
}

/** The operations of an OpenAPI 3 document (YAML or JSON text), with a JSON schema of arguments each. */
export function parseOpenApi(source: string): { baseUrl: string; operations: ApiOperation[] } {
  let document: unknown;
  try {
    document = yaml.load(source, { json: true });
  } catch (error) {
    throw new Error(`The OpenAPI file is not valid YAML or JSON: ${(error as Error).message}`);
  }
  if (!document || typeof document !== 'object') throw new Error('The OpenAPI file holds no document');
  const spec = document as Spec;
  const baseUrl = text(spec.servers?.[0]?.url);
  if (!/^https?:\/\//i.test(baseUrl))
    throw new Error('The OpenAPI file must name its server: servers[0].url with http(s)://');
  const operations: ApiOperation[] = [];
  const names = new Set<string>();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const shared = Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : [];
    for (const method of HTTP_METHODS) {
      const operation = resolveRefs(item[method], document) as Operation | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const parameters = [
        ...(resolveRefs(shared, document) as Parameter[]),
        ...(Array.isArray(operation.parameters) ? (operation.parameters as Parameter[]) : []),
      ].filter((p) => typeof p.name === 'string' && (p.in === 'path' || p.in === 'query'));
      const properties: Record<string, JSONSchema7> = {};
      const required: string[] = [];
      for (const parameter of parameters) {
        const name = parameter.name as string;
        const schema = (
          parameter.schema && typeof parameter.schema === 'object' ? parameter.schema : {}
        ) as JSONSchema7;
        properties[name] = {
          ...schema,
          ...(text(parameter.description) && { description: text(parameter.description) }),
        };
        if (parameter.in === 'path' || parameter.required === true) required.push(name);
      }
      const json = operation.requestBody?.content?.['application/json']?.schema;
      const hasBody = json !== undefined && json !== null;
      if (hasBody) {
        properties.body = { ...(json as JSONSchema7), description: 'The JSON body of the request' };
        if (operation.requestBody?.required === true) required.push('body');
      }
      let name = toolName(operation, method, path);
      for (let i = 2; names.has(name); i++) name = `${toolName(operation, method, path).slice(0, 60)}_${i}`;
      names.add(name);
      operations.push({
        name,
        description:
          [text(operation.summary), text(operation.description)].filter(Boolean).join('. ').slice(0, 1000) ||
          `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name as string),
        hasBody,
        inputSchema: { type: 'object', properties, required },
      });
      if (operations.length > MAX_OPERATIONS)
        throw new Error(
          `The OpenAPI file has more than ${MAX_OPERATIONS} operations; keep the ones the agent needs`,
        );
    }
  }
  if (operations.length === 0) throw new Error('The OpenAPI file has no operations under paths');
  return { baseUrl, operations };
}

/** Drops null and undefined values at any depth (the "Remove Nulls" input). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(withoutNulls);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  return value;
}

/** The URL and request options of one call of an operation. */
export function buildRequest(
  baseUrl: string,
  operation: ApiOperation,
  args: Record<string, unknown>,
  headers: Record<string, string>,
  removeNulls: boolean,
): { url: string; options: { method: string; headers: Record<string, string>; body?: string } } {
  const values = (removeNulls ? withoutNulls(args) : args) as Record<string, unknown>;
  let path = operation.path;
  for (const name of operation.pathParams) {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${operation.name} needs the path parameter "${name}"`);
    path = path.replace(
      `{${name}}`,
      encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value)),
    );
  }
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const name of operation.queryParams) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const body = operation.hasBody && values.body !== undefined ? JSON.stringify(values.body) : undefined;
  return {
    url: url.toString(),
    options: {
      method: operation.method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body }),
    },
  };
}

function operationTool(
  ctx: NodeContext,
  baseUrl: string,
  operation: ApiOperation,
  settings: { headers: Record<string, string>; removeNulls: boolean; returnDirect: boolean; code?: string },
  http: GuardedFetch,
): ToolHandle {
  return {
    kind: 'tool',
    name: operation.name,
    description: operation.description,
    inputSchema: operation.inputSchema,
    returnDirect: settings.returnDirect,
    async invoke(args, { signal }) {
      const { url, options } = buildRequest(baseUrl, operation, args, settings.headers, settings.removeNulls);
      if (!settings.code) return fetchText(http, url, { ...options, signal });
      // The node's own code (Flowise "Custom Code") runs in the sandbox; its fetch is the guarded one.
      const result = await ctx.run.services.sandbox.run(
        settings.code,
        { $url: url, $options: options },
        { signal },
      );
      return typeof result === 'string' ? result : JSON.stringify(result);
    },
  };
}

/** Flowise's default Custom Code: fetch the URL and answer its JSON; the built-in call does the same. */
function isDefaultCode(code: string): boolean {
  const compact = code.replace(/\s+/g, '');
  return (
    compact.includes("require('node-fetch')") &&
    compact.includes('awaitfetch(url,options)') &&
    compact.includes('returnJSON.stringify(resp)')
  );
}

/** One tool per operation of an OpenAPI file, calling the API through the run's guarded client. */
export const openAPIToolkit: NodeType = {
  icon: badgeIcon('API', '#6ba539'),
  readsVariables: true,
  definition: {
    label: 'OpenAPI Toolkit',
    name: 'openAPIToolkit',
    version: 2,
    type: 'OpenAPIToolkit',
    category: 'Tools',
    baseClasses: ['OpenAPIToolkit', 'Tool'],
    description: 'Turns the operations of an OpenAPI file into tools an agent can call',
    inputs: [
      { label: 'YAML File', name: 'yamlFile', type: 'file', fileType: '.yaml,.yml,.json' },
      {
        label: 'Return Direct',
        name: 'returnDirect',
        type: 'boolean',
        description: 'Answer with what the API returned instead of asking the model again',
        optional: true,
      },
      {
        label: 'Headers',
        name: 'headers',
        type: 'json',
        description: 'Headers sent with every call, e.g. an Authorization header',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Remove null parameters',
        name: 'removeNulls',
        type: 'boolean',
        description: 'Leave out arguments the model set to null',
        optional: true,
      },
      {
        label: 'Custom Code',
        name: 'customCode',
        type: 'code',
        description:
          'JavaScript that makes the call from $url and $options (run in the sandbox; fetch goes through the guarded client). Empty: the built-in call.',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  async init(ctx): Promise<ToolHandle[]> {
    const [file] = await readFiles(ctx, ctx.inputs.yamlFile, { label: 'OpenAPI Toolkit' });
    const { baseUrl, operations } = parseOpenApi(decodeText(file!.data));
    let headers: Record<string, string>;
    try {
      headers = headersInput(ctx.inputs.headers);
    } catch {
      throw new Error('OpenAPI Toolkit: Headers must be a JSON object');
    }
    const code = stringInput(ctx.inputs.customCode);
    const settings = {
      headers,
      removeNulls: booleanInput(ctx.inputs.removeNulls, false),
      returnDirect: booleanInput(ctx.inputs.returnDirect, false),
      ...(code && !isDefaultCode(code) && { code }),
    };
    return operations.map((operation) =>
      operationTool(ctx, baseUrl, operation, settings, ctx.run.services.http),
    );
  },
};
