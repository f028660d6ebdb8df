import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  endpointUrl,
  listOf,
  objectOf,
  plainSnippet,
  resultsText,
  searchJson,
  textOf,
} from '../search-api.js';
import { stringArgument, type ToolHandle } from '../tool.js';

export const SERPER_DEFAULT_URL = 'https://google.serper.dev';
const SERVICE = 'Serper';

/** The lines before the results: Serper's direct answer and its knowledge panel, when it has them. */
function leadingLines(answer: Record<string, unknown>): (string | undefined)[] {
  const box = objectOf(answer.answerBox);
  const highlighted = listOf<unknown>(box.snippetHighlighted).find((s) => typeof s === 'string');
  const direct = textOf(box.answer) ?? textOf(box.snippet) ?? textOf(highlighted);
  const graph = objectOf(answer.knowledgeGraph);
  const description = plainSnippet(textOf(graph.description));
  const title = textOf(graph.title);
  return [
    direct && `Answer: ${plainSnippet(direct)}`,
    description && `${title ? `${title}: ` : ''}${description}`,
  ];
}

/** Google results through serper.dev (`POST /search`, key in `X-API-KEY`). */
export function serperTool(options: { apiKey: string; baseUrl: string; http: GuardedFetch }): ToolHandle {
  return {
    kind: 'tool',
    name: 'search',
    description:
      'Searches Google. Use it for current events and facts you do not know. Input should be a search query.',
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The search query' } },
      required: ['input'],
    },
    async invoke(args, { signal }) {
      const answer = objectOf(
        await searchJson({
          service: SERVICE,
          http: options.http,
          url: endpointUrl(options.baseUrl, '/search'),
          init: {
            method: 'POST',
            headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
            body: JSON.stringify({ q: stringArgument(args) }),
          },
          signal,
          secret: options.apiKey,
        }),
      );
      const organic = listOf<Record<string, unknown>>(answer.organic).map((item) => ({
        title: textOf(item.title),
        link: textOf(item.link),
        snippet: textOf(item.snippet),
      }));
      return resultsText(organic, leadingLines(answer));
    },
  };
}

export const serper: NodeType = {
  icon: badgeIcon('Sr', '#1a73e8'),
  definition: {
    label: 'Serper',
    name: 'serper',
    version: 1,
    type: 'Serper',
    category: 'Tools',
    baseClasses: ['Serper', 'Tool', 'StructuredTool'],
    description: 'Google search results through the Serper.dev API',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['serperApi'],
    },
    inputs: [],
  },
  async init(ctx): Promise<ToolHandle> {
    const apiKey = stringInput((await ctx.credential()).serperApiKey);
    if (!apiKey) throw new Error('The Serper credential has no API key');
    return serperTool({
      apiKey,
      // SERPER_BASE_URL lets operators use a proxy (and tests a local server).
      baseUrl: ctx.run.services.providerBaseUrls.serper ?? SERPER_DEFAULT_URL,
      http: ctx.run.services.http,
    });
  },
};
