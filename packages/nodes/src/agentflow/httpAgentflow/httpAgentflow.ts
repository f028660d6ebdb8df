import type { AgentflowNodeContext, AgentflowNodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { parseLenientJson } from '../iterationAgentflow/lenient-json.js';
import { agentflowDefinition, type AgentflowParam } from '../common/params.js';
import { rowsInput, textInput } from '../common/values.js';

type KeyValue = { key?: unknown; value?: unknown };

const keyValueRows: AgentflowParam[] = [
  { label: 'Key', name: 'key', type: 'string', default: '' },
  { label: 'Value', name: 'value', type: 'string', default: '', acceptVariable: true },
];

/** Rows with both a key and a value, as pairs. */
function pairs(value: unknown): [string, string][] {
  return rowsInput<KeyValue>(value)
    .map((r) => [textInput(r.key).trim(), textInput(r.value)] as [string, string])
    .filter(([k, v]) => k !== '' && v !== '');
}

/** Authorization from the optional credential: basic auth, bearer token or an API-key header. */
async function authHeaders(ctx: AgentflowNodeContext): Promise<Record<string, string>> {
  const data = await ctx.credential();
  const username = stringInput(data.basicAuthUsername);
  const password = textInput(data.basicAuthPassword);
  if (username)
    return { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  const token = stringInput(data.token);
  if (token) return { Authorization: `Bearer ${token}` };
  const key = stringInput(data.key);
  if (key) return { [key]: textInput(data.value) };
  return {};
}

function requestBody(ctx: AgentflowNodeContext, headers: Headers): string | FormData | undefined {
  const { bodyType, body } = ctx.inputs;
  switch (bodyType) {
    case 'json': {
      const text = textInput(body).trim();
      if (!text) return undefined;
      let parsed: unknown;
      try {
        parsed = parseLenientJson(text);
      } catch {
        throw new Error(`The JSON body is not valid JSON: ${text.slice(0, 100)}`);
      }
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return JSON.stringify(parsed);
    }
    case 'raw': {
      const text = textInput(body);
      return text === '' ? undefined : text;
    }
    case 'formData': {
      const form = new FormData();
      for (const [k, v] of pairs(body)) form.append(k, v);
      return form;
    }
    case 'xWwwFormUrlencoded':
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
      return new URLSearchParams(pairs(body)).toString();
    default:
      return undefined;
  }
}

async function responseData(response: Response, responseType: unknown): Promise<unknown> {
  switch (responseType) {
    case 'text':
      return response.text();
    case 'arraybuffer':
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    case 'base64':
      return Buffer.from(await response.arrayBuffer()).toString('base64');
    default: {
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
  }
}

/**
 * Sends an HTTP request through the run's address-guarded client; the response lands in
 * `output.http` and `{{ httpAgentflow_0 }}` reads its data (AGENTFLOW_V2.md §1.13).
 */
export const httpAgentflow: AgentflowNodeType = {
  icon: badgeIcon('HTTP', '#FF7F7F'),
  definition: agentflowDefinition({
    label: 'HTTP',
    name: 'httpAgentflow',
    version: 1.1,
    type: 'HTTP',
    color: '#FF7F7F',
    description: 'Send a HTTP request',
    credential: {
      label: 'HTTP Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['httpBasicAuth', 'httpBearerToken', 'httpApiKey'],
      optional: true,
    },
    inputs: [
      {
        label: 'Method',
        name: 'method',
        type: 'options',
        options: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ label: m, name: m })),
        default: 'GET',
      },
      { label: 'URL', name: 'url', type: 'string', acceptVariable: true },
      {
        label: 'Headers',
        name: 'headers',
        type: 'array',
        acceptVariable: true,
        optional: true,
        array: keyValueRows,
      },
      {
        label: 'Query Params',
        name: 'queryParams',
        type: 'array',
        acceptVariable: true,
        optional: true,
        array: keyValueRows,
      },
      {
        label: 'Body Type',
        name: 'bodyType',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'Raw', name: 'raw' },
          { label: 'Form Data', name: 'formData' },
          { label: 'x-www-form-urlencoded', name: 'xWwwFormUrlencoded' },
        ],
        optional: true,
      },
      {
        label: 'Body',
        name: 'body',
        type: 'string',
        acceptVariable: true,
        rows: 4,
        show: { bodyType: ['raw', 'json'] },
        optional: true,
      },
      {
        label: 'Body',
        name: 'body',
        type: 'array',
        acceptVariable: true,
        show: { bodyType: ['xWwwFormUrlencoded', 'formData'] },
        optional: true,
        array: keyValueRows,
      },
      {
        label: 'Response Type',
        name: 'responseType',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'Text', name: 'text' },
          { label: 'Array Buffer', name: 'arraybuffer' },
          { label: 'Raw (Base64)', name: 'base64' },
        ],
        optional: true,
      },
    ],
  }),
  async run(ctx) {
    const method = (stringInput(ctx.inputs.method) ?? 'GET').toUpperCase();
    const base = textInput(ctx.inputs.url).trim();
    if (!base) throw new Error('Enter the URL to call');
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new Error(`"${base}" is not a valid URL`);
    }
    for (const [k, v] of pairs(ctx.inputs.queryParams)) url.searchParams.append(k, v);
    const headers = new Headers(await authHeaders(ctx));
    for (const [k, v] of pairs(ctx.inputs.headers)) headers.set(k, v);
    const body = method === 'GET' ? undefined : requestBody(ctx, headers);
    const response = await ctx.run.services.http(url.toString(), {
      method,
      headers,
      ...(body !== undefined && { body }),
      signal: ctx.run.signal,
    });
    const data = await responseData(response, ctx.inputs.responseType);
    if (!response.ok) {
      const detail = typeof data === 'string' ? data : JSON.stringify(data);
      throw new Error(`HTTP ${response.status} ${response.statusText}: ${detail.slice(0, 500)}`);
    }
    const http = {
      data,
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
    };
    return {
      id: ctx.node.id,
      name: 'httpAgentflow',
      input: {
        http: {
          method,
          url: url.toString(),
          // The credential's headers stay out of the trace.
          headers: Object.fromEntries(pairs(ctx.inputs.headers)),
          ...(body !== undefined && typeof body === 'string' && { body }),
        },
      },
      output: { http, content: typeof data === 'string' ? data : JSON.stringify(data) },
      state: ctx.state,
    };
  },
};
