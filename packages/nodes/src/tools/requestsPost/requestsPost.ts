import type { JSONSchema7 } from 'ai';
import type { NodeType } from '@flowloom/engine';
import { objectInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { fetchText, headersInput, targetUrl } from '../http-tools.js';
import { asPromise, type ToolHandle } from '../tool.js';

export const REQUESTS_POST_DESCRIPTION =
  'Sends an HTTP POST request with a JSON body. Use it to submit data to a website or API. Input should be the URL and the JSON data to send. The output is the text of the response.';

/** The body sent: the node's fixed Body, else the `data` the model gave (an object or JSON text). */
function bodyOf(fixed: Record<string, unknown> | undefined, given: unknown): string {
  if (fixed) return JSON.stringify(fixed);
  if (typeof given === 'string') return given;
  return JSON.stringify(given ?? {});
}

/** HTTP POST (JSON) for agents, only through the run's address-guarded client. */
export const requestsPost: NodeType = {
  icon: badgeIcon('POST', '#ef6c00'),
  definition: {
    label: 'Requests Post',
    name: 'requestsPost',
    version: 1,
    type: 'RequestsPost',
    category: 'Tools',
    baseClasses: ['RequestsPost', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP POST requests',
    inputs: [
      {
        label: 'URL',
        name: 'url',
        type: 'string',
        description:
          'Agent will make call to this exact URL. If not specified, agent will pick the URL itself',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Body',
        name: 'body',
        type: 'json',
        description: 'JSON body for the POST request. If not specified, agent will compose it itself',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Description',
        name: 'description',
        type: 'string',
        rows: 4,
        default: REQUESTS_POST_DESCRIPTION,
        description: 'Acts like a prompt to tell agent when it should use this tool',
        optional: true,
        additionalParams: true,
      },
      { label: 'Headers', name: 'headers', type: 'json', optional: true, additionalParams: true },
    ],
  },
  init(ctx): ToolHandle {
    const fixedUrl = stringInput(ctx.inputs.url);
    const fixedBody = objectInput(ctx.inputs.body);
    const headers = { 'content-type': 'application/json', ...headersInput(ctx.inputs.headers) };
    const { http } = ctx.run.services;
    const properties: Record<string, JSONSchema7> = {};
    if (!fixedUrl) properties.url = { type: 'string', description: 'The URL to POST to' };
    if (!fixedBody) properties.data = { type: 'object', description: 'The JSON data to send' };
    return {
      kind: 'tool',
      name: 'requests_post',
      description: stringInput(ctx.inputs.description) ?? REQUESTS_POST_DESCRIPTION,
      inputSchema: { type: 'object', properties, ...(!fixedUrl && { required: ['url'] }) },
      invoke: (args, { signal }) =>
        asPromise(() =>
          fetchText(http, targetUrl(fixedUrl, args.url), {
            method: 'POST',
            headers,
            body: bodyOf(fixedBody, args.data),
            signal,
          }),
        ),
    };
  },
};
