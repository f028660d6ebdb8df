import type { NodeContext } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { objectInput, stringInput } from '../../llm/chat-model.js';
import { textSplitterInput } from '../inputs.js';
import { loaderIcon, loaderNode, MAX_LOADER_FILE_BYTES } from '../loader.js';
import { fetchText, isWebUrl } from '../web.js';

/** Headers as strings (a JSON object, or JSON text of one). */
function headersOf(value: unknown): Record<string, string> {
  let headers: Record<string, unknown> | undefined;
  try {
    headers = objectInput(value);
  } catch {
    throw new Error('Headers must be a JSON object, e.g. {"Authorization": "Bearer …"}');
  }
  return Object.fromEntries(Object.entries(headers ?? {}).map(([key, item]) => [key, String(item)]));
}

/** The POST body as JSON text: an object or list as given, or JSON text of one. */
function bodyOf(value: unknown): string {
  if (value === undefined || value === null || value === '') return '{}';
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(JSON.parse(value));
  } catch {
    throw new Error('Body must be JSON, e.g. {"query": "…"}');
  }
}

/** An answer's text: JSON pretty-printed (as Flowise stores it), anything else as it came. */
function answerText(text: string, contentType: string): string {
  const looksJson = /\bjson\b/i.test(contentType) || /^\s*[[{]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

async function callApi(ctx: NodeContext): Promise<SourceDocument[]> {
  const method = stringInput(ctx.inputs.method)?.toUpperCase() ?? 'GET';
  if (method !== 'GET' && method !== 'POST') throw new Error('Method must be GET or POST');
  const url = stringInput(ctx.inputs.url) ?? '';
  if (!isWebUrl(url))
    throw new Error(url ? `"${url}" is not a valid http(s) URL` : 'Enter the URL of the API');
  const headers = headersOf(ctx.inputs.headers);
  if (stringInput(ctx.inputs.caFile))
    ctx.run.services.logger.warn(
      'API Loader ignores its SSL Certificate: requests use the server’s trusted CAs',
      {
        url,
      },
    );
  const post = method === 'POST';
  if (post && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const answer = await fetchText(ctx.run.services.http, url, {
    method,
    headers,
    ...(post && { body: bodyOf(ctx.inputs.body) }),
    signal: ctx.run.signal,
    maxBytes: MAX_LOADER_FILE_BYTES,
  });
  if (answer.status >= 400)
    throw new Error(
      `${method} ${url} answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}: ${answer.text.slice(0, 300)}`,
    );
  return [{ pageContent: answerText(answer.text, answer.contentType), metadata: { url } }];
}

export const apiLoader = loaderNode({
  label: 'API Loader',
  name: 'apiLoader',
  version: 2.1,
  description: 'Loads what an API answers to a GET or POST request as a document',
  icon: loaderIcon('API', '#00838f'),
  // Flowise lists the Text Splitter first on this node.
  splitter: false,
  inputs: [
    textSplitterInput,
    {
      label: 'Method',
      name: 'method',
      type: 'options',
      options: [
        { label: 'GET', name: 'GET' },
        { label: 'POST', name: 'POST' },
      ],
    },
    { label: 'URL', name: 'url', type: 'string' },
    { label: 'Headers', name: 'headers', type: 'json', additionalParams: true, optional: true },
    {
      label: 'SSL Certificate',
      name: 'caFile',
      type: 'file',
      description:
        'Kept for flows made with Flowise (.pem, .crt); requests are verified with the certificates the server trusts',
      fileType: '.pem, .crt',
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Body',
      name: 'body',
      type: 'json',
      description: 'The JSON body of a POST request ({} when empty)',
      additionalParams: true,
      optional: true,
    },
  ],
  load: callApi,
});
