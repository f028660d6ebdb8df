import type { NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { fetchText, headersInput, targetUrl } from '../http-tools.js';
import { asPromise, type ToolHandle } from '../tool.js';

export const REQUESTS_GET_DESCRIPTION =
  'Fetches a web page or API with an HTTP GET request. Use it to read specific content from a website. Input should be a URL (e.g. https://example.com). The output is the text of the response.';

/** HTTP GET for agents, only through the run's address-guarded client. */
export const requestsGet: NodeType = {
  icon: badgeIcon('GET', '#2e7d32'),
  definition: {
    label: 'Requests Get',
    name: 'requestsGet',
    version: 1,
    type: 'RequestsGet',
    category: 'Tools',
    baseClasses: ['RequestsGet', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Execute HTTP GET requests',
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
        label: 'Description',
        name: 'description',
        type: 'string',
        rows: 4,
        default: REQUESTS_GET_DESCRIPTION,
        description: 'Acts like a prompt to tell agent when it should use this tool',
        optional: true,
        additionalParams: true,
      },
      { label: 'Headers', name: 'headers', type: 'json', optional: true, additionalParams: true },
    ],
  },
  init(ctx): ToolHandle {
    const fixedUrl = stringInput(ctx.inputs.url);
    const headers = headersInput(ctx.inputs.headers);
    const { http } = ctx.run.services;
    return {
      kind: 'tool',
      name: 'requests_get',
      description: stringInput(ctx.inputs.description) ?? REQUESTS_GET_DESCRIPTION,
      inputSchema: fixedUrl
        ? { type: 'object', properties: {} }
        : {
            type: 'object',
            properties: { url: { type: 'string', description: 'The URL to GET' } },
            required: ['url'],
          },
      invoke: (args, { signal }) =>
        asPromise(() =>
          fetchText(http, targetUrl(fixedUrl, args.url ?? args.input), { method: 'GET', headers, signal }),
        ),
    };
  },
};
