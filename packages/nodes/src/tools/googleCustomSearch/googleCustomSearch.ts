import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { endpointUrl, listOf, objectOf, resultsText, searchJson, textOf } from '../search-api.js';
import { stringArgument, type ToolHandle } from '../tool.js';

export const GOOGLE_CUSTOM_SEARCH_DEFAULT_URL = 'https://www.googleapis.com';
const SERVICE = 'Google Custom Search';

/** Google's Custom Search JSON API (`GET /customsearch/v1`) over one Programmable Search Engine. */
export function googleCustomSearchTool(options: {
  apiKey: string;
  engineId: string;
  baseUrl: string;
  http: GuardedFetch;
}): ToolHandle {
  return {
    kind: 'tool',
    name: 'google-custom-search',
    description:
      'Searches the web with Google. Use it for current events and facts you do not know. Input should be a search query.',
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The search query' } },
      required: ['input'],
    },
    async invoke(args, { signal }) {
      const url = endpointUrl(options.baseUrl, '/customsearch/v1');
      url.search = new URLSearchParams({ cx: options.engineId, q: stringArgument(args) }).toString();
      // The key goes in Google's API-key header rather than the query, so it is in no URL (nor in a log of one).
      const answer = objectOf(
        await searchJson({
          service: SERVICE,
          http: options.http,
          url,
          init: { method: 'GET', headers: { 'x-goog-api-key': options.apiKey, accept: 'application/json' } },
          signal,
          secret: options.apiKey,
        }),
      );
      const items = listOf<Record<string, unknown>>(answer.items).map((item) => ({
        title: textOf(item.title),
        link: textOf(item.link),
        snippet: textOf(item.snippet),
      }));
      const corrected = textOf(objectOf(answer.spelling).correctedQuery);
      return resultsText(items, [corrected && `Did you mean: ${corrected}`]);
    },
  };
}

export const googleCustomSearch: NodeType = {
  icon: badgeIcon('G', '#4285f4'),
  definition: {
    label: 'Google Custom Search',
    name: 'googleCustomSearch',
    version: 1,
    type: 'GoogleCustomSearchAPI',
    category: 'Tools',
    baseClasses: ['GoogleCustomSearchAPI', 'Tool', 'StructuredTool'],
    description: 'Google web search through the Custom Search JSON API and a Programmable Search Engine',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['googleCustomSearchApi'],
    },
    inputs: [],
  },
  async init(ctx): Promise<ToolHandle> {
    const credential = await ctx.credential();
    const apiKey = stringInput(credential.googleCustomSearchApiKey);
    const engineId = stringInput(credential.googleCustomSearchApiId);
    if (!apiKey) throw new Error('The Google Custom Search credential has no API key');
    if (!engineId)
      throw new Error('The Google Custom Search credential has no Programmable Search Engine ID');
    return googleCustomSearchTool({
      apiKey,
      engineId,
      // GOOGLE_CUSTOM_SEARCH_BASE_URL lets operators use a proxy (and tests a local server).
      baseUrl: ctx.run.services.providerBaseUrls.googlecustomsearch ?? GOOGLE_CUSTOM_SEARCH_DEFAULT_URL,
      http: ctx.run.services.http,
    });
  },
};
