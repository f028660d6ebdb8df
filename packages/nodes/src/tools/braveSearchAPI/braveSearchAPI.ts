import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { endpointUrl, listOf, objectOf, resultsText, searchJson, textOf } from '../search-api.js';
import { stringArgument, type ToolHandle } from '../tool.js';

export const BRAVE_SEARCH_DEFAULT_URL = 'https://api.search.brave.com';
const SERVICE = 'Brave Search';

/** Brave's web search API (`GET /res/v1/web/search`, key in `X-Subscription-Token`). */
export function braveSearchTool(options: {
  apiKey: string;
  baseUrl: string;
  http: GuardedFetch;
}): ToolHandle {
  return {
    kind: 'tool',
    name: 'brave-search',
    description:
      'Searches the web with Brave Search. Use it for current events and facts you do not know. Input should be a search query.',
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The search query' } },
      required: ['input'],
    },
    async invoke(args, { signal }) {
      const url = endpointUrl(options.baseUrl, '/res/v1/web/search');
      url.search = new URLSearchParams({ q: stringArgument(args) }).toString();
      const answer = objectOf(
        await searchJson({
          service: SERVICE,
          http: options.http,
          url,
          init: {
            method: 'GET',
            headers: { 'x-subscription-token': options.apiKey, accept: 'application/json' },
          },
          signal,
          secret: options.apiKey,
        }),
      );
      const results = listOf<Record<string, unknown>>(objectOf(answer.web).results).map((item) => ({
        title: textOf(item.title),
        link: textOf(item.url),
        snippet: textOf(item.description),
      }));
      return resultsText(results);
    },
  };
}

export const braveSearchAPI: NodeType = {
  icon: badgeIcon('B', '#fb542b'),
  definition: {
    label: 'BraveSearch API',
    name: 'braveSearchAPI',
    version: 1,
    type: 'BraveSearchAPI',
    category: 'Tools',
    baseClasses: ['BraveSearchAPI', 'Tool', 'StructuredTool'],
    description: 'Web search results from the Brave Search API',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['braveSearchApi'],
    },
    inputs: [],
  },
  async init(ctx): Promise<ToolHandle> {
    const apiKey = stringInput((await ctx.credential()).braveApiKey);
    if (!apiKey) throw new Error('The Brave Search credential has no API key');
    return braveSearchTool({
      apiKey,
      // BRAVE_SEARCH_BASE_URL lets operators use a proxy (and tests a local server).
      baseUrl: ctx.run.services.providerBaseUrls.brave ?? BRAVE_SEARCH_DEFAULT_URL,
      http: ctx.run.services.http,
    });
  },
};
