import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { stringArgument, type ToolHandle } from '../tool.js';

export const SERPAPI_DEFAULT_URL = 'https://serpapi.com';

interface SerpResults {
  error?: string;
  answer_box?: { answer?: string; snippet?: string; result?: string; title?: string };
  knowledge_graph?: { title?: string; description?: string };
  organic_results?: { title?: string; snippet?: string; link?: string }[];
}

/** The few lines of a SerpAPI answer a model needs: direct answer, knowledge graph, top results. */
export function summariseResults(results: SerpResults): string {
  if (results.error) throw new Error(`SerpAPI: ${results.error}`);
  const lines: string[] = [];
  const box = results.answer_box;
  const direct = box?.answer ?? box?.result ?? box?.snippet;
  if (direct) lines.push(`Answer: ${direct}`);
  const graph = results.knowledge_graph;
  if (graph?.description) lines.push(`${graph.title ? `${graph.title}: ` : ''}${graph.description}`);
  for (const result of (results.organic_results ?? []).slice(0, 3)) {
    const parts = [result.title, result.snippet, result.link && `(${result.link})`].filter(Boolean);
    if (parts.length > 0) lines.push(`- ${parts.join(' — ')}`);
  }
  return lines.length > 0 ? lines.join('\n') : 'No good search result found';
}

/** Google search through SerpAPI, as the LangChain `search` tool Flowise offers. */
export function serpApiTool(options: { apiKey: string; baseUrl: string; http: GuardedFetch }): ToolHandle {
  return {
    kind: 'tool',
    name: 'search',
    description:
      'A search engine. Useful for when you need to answer questions about current events. Input should be a search query.',
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The search query' } },
      required: ['input'],
    },
    async invoke(args, { signal }) {
      const url = new URL('/search', options.baseUrl);
      url.search = new URLSearchParams({
        engine: 'google',
        q: stringArgument(args),
        api_key: options.apiKey,
      }).toString();
      const response = await options.http(url.toString(), { signal });
      const body = (await response.json().catch(() => ({}))) as SerpResults;
      if (!response.ok)
        throw new Error(`SerpAPI answered ${response.status}: ${body.error ?? response.statusText}`);
      return summariseResults(body);
    },
  };
}

export const serpAPI: NodeType = {
  icon: badgeIcon('S', '#3c8e3c'),
  definition: {
    label: 'Serp API',
    name: 'serpAPI',
    version: 1,
    type: 'SerpAPI',
    category: 'Tools',
    baseClasses: ['SerpAPI', 'Tool', 'StructuredTool'],
    description: 'Wrapper around SerpAPI - a real-time API to access Google search results',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['serpApi'],
    },
    inputs: [],
  },
  async init(ctx): Promise<ToolHandle> {
    const apiKey = stringInput((await ctx.credential()).serpApiKey);
    if (!apiKey) throw new Error('The Serp API credential has no API key');
    return serpApiTool({
      apiKey,
      // SERPAPI_BASE_URL lets operators use a proxy (and tests a local server).
      baseUrl: ctx.run.services.providerBaseUrls.serpapi ?? SERPAPI_DEFAULT_URL,
      http: ctx.run.services.http,
    });
  },
};
