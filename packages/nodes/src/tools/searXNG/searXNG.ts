import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import { htmlText } from '../../document-loaders/readers/html.js';
import { badgeIcon } from '../../utilities/icons.js';
import { MAX_RESPONSE_CHARS, cutText, headersInput } from '../http-tools.js';
import {
  NO_RESULTS,
  endpointUrl,
  listOf,
  objectOf,
  plainSnippet,
  resultsText,
  searchJson,
  searchText,
  textOf,
} from '../search-api.js';
import { stringArgument, type ToolHandle } from '../tool.js';

export const SEARXNG_DEFAULT_NAME = 'searxng-search';
export const SEARXNG_DEFAULT_DESCRIPTION =
  'A metasearch engine that gathers results from many search engines. Use it for current events and facts you do not know. Input should be a search query.';
const SERVICE = 'SearXNG';

export interface SearxngOptions {
  baseUrl: string;
  name: string;
  description: string;
  headers: Record<string, string>;
  /** `json` (the default) or `html` (the results page, read as text). */
  format: 'json' | 'html';
  /** SearXNG's own query parameters: categories, engines, language, pageno, time_range, safesearch. */
  params: Record<string, string>;
  http: GuardedFetch;
}

/** SearXNG's JSON answer as text: direct answers and info boxes first, then results, then suggestions. */
export function searxngText(answer: Record<string, unknown>): string {
  const answers = listOf<unknown>(answer.answers)
    .map((a) => (typeof a === 'string' ? a : textOf(objectOf(a).answer)))
    .filter((a): a is string => Boolean(a));
  const infobox = listOf<Record<string, unknown>>(answer.infoboxes)[0];
  const infoText = infobox && plainSnippet(textOf(infobox.content));
  const results = listOf<Record<string, unknown>>(answer.results).map((r) => ({
    title: textOf(r.title),
    link: textOf(r.url),
    snippet: textOf(r.content),
  }));
  const text = resultsText(results, [
    ...answers.map((a) => `Answer: ${plainSnippet(a)}`),
    infoText && `${textOf(infobox?.infobox) ? `${textOf(infobox?.infobox)}: ` : ''}${infoText}`,
  ]);
  const suggestions = listOf<unknown>(answer.suggestions).filter((s): s is string => typeof s === 'string');
  if (suggestions.length === 0) return text;
  const line = `Suggestions: ${suggestions.slice(0, 10).join(', ')}`;
  return text === NO_RESULTS ? `${NO_RESULTS}\n${line}` : `${text}\n${line}`;
}

/** A SearXNG instance's search (`GET /search?q=…&format=json`), through the run's guarded client. */
export function searxngTool(options: SearxngOptions): ToolHandle {
  return {
    kind: 'tool',
    name: options.name,
    description: options.description,
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The search query' } },
      required: ['input'],
    },
    async invoke(args, { signal }) {
      const url = endpointUrl(options.baseUrl, '/search');
      url.search = new URLSearchParams({
        q: stringArgument(args),
        format: options.format,
        ...options.params,
      }).toString();
      const call = {
        service: SERVICE,
        http: options.http,
        url,
        init: { method: 'GET', headers: options.headers },
        signal,
        refusedHint:
          options.format === 'json'
            ? FORMAT_HINT
            : 'Check that the instance accepts searches from this server.',
      };
      if (options.format === 'html') {
        const page = await searchText(call);
        return cutText((await htmlText(page.text)).text, false, MAX_RESPONSE_CHARS) || NO_RESULTS;
      }
      return searxngText(objectOf(await searchJson(call)));
    },
  };
}

function searxngParams(inputs: Record<string, unknown>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of ['categories', 'engines', 'language'] as const) {
    const value = stringInput(inputs[name]);
    if (value) params[name] = value;
  }
  const pageno = numberInput(inputs.pageno);
  if (pageno !== undefined) {
    if (!Number.isInteger(pageno) || pageno < 1) throw new Error('Page No. must be a whole number from 1');
    params.pageno = String(pageno);
  }
  const timeRange = stringInput(inputs.time_range);
  if (timeRange) {
    if (!['day', 'week', 'month', 'year'].includes(timeRange))
      throw new Error('Time Range must be "day", "week", "month" or "year"');
    params.time_range = timeRange;
  }
  const safesearch = numberInput(inputs.safesearch);
  if (safesearch !== undefined) {
    if (![0, 1, 2].includes(safesearch))
      throw new Error('Safe Search must be 0 (off), 1 (moderate) or 2 (strict)');
    params.safesearch = String(safesearch);
  }
  return params;
}

const FORMAT_HINT = 'SearXNG refuses JSON unless its settings.yml lists "json" under search.formats.';

const advanced = { optional: true, additionalParams: true } as const;

export const searXNG: NodeType = {
  icon: badgeIcon('SX', '#3050ff'),
  definition: {
    label: 'SearXNG',
    name: 'searXNG',
    version: 3,
    type: 'SearXNG',
    category: 'Tools',
    baseClasses: ['SearXNG', 'Tool', 'StructuredTool'],
    description: 'Web search through a SearXNG instance, a free metasearch engine you can host yourself',
    inputs: [
      {
        label: 'Base URL',
        name: 'apiBase',
        type: 'string',
        default: 'http://localhost:8080',
        description:
          'Address of the SearXNG instance. A private or local address must also be allowed by the server (FLOWLOOM_HTTP_ALLOW).',
      },
      { label: 'Tool Name', name: 'toolName', type: 'string', default: SEARXNG_DEFAULT_NAME },
      {
        label: 'Tool Description',
        name: 'toolDescription',
        type: 'string',
        rows: 4,
        default: SEARXNG_DEFAULT_DESCRIPTION,
      },
      {
        label: 'Headers',
        name: 'headers',
        type: 'json',
        description: 'Headers sent with every search, as a JSON object',
        ...advanced,
      },
      {
        label: 'Format',
        name: 'format',
        type: 'options',
        options: [
          { label: 'JSON', name: 'json' },
          { label: 'HTML', name: 'html' },
        ],
        default: 'json',
        description: `JSON gives the model a list of results. ${FORMAT_HINT}`,
        additionalParams: true,
      },
      {
        label: 'Categories',
        name: 'categories',
        type: 'string',
        description: 'Search categories to use, comma-separated (as configured on the instance)',
        ...advanced,
      },
      {
        label: 'Engines',
        name: 'engines',
        type: 'string',
        description: 'Search engines to use, comma-separated (as configured on the instance)',
        ...advanced,
      },
      {
        label: 'Language',
        name: 'language',
        type: 'string',
        description: 'Language code, e.g. en',
        ...advanced,
      },
      {
        label: 'Page No.',
        name: 'pageno',
        type: 'number',
        description: 'Page of results to read',
        ...advanced,
      },
      {
        label: 'Time Range',
        name: 'time_range',
        type: 'string',
        description: 'day, week, month or year: only recent results, from engines that support it',
        ...advanced,
      },
      {
        label: 'Safe Search',
        name: 'safesearch',
        type: 'number',
        description: '0 (off), 1 (moderate) or 2 (strict), for engines that support it',
        ...advanced,
      },
    ],
  },
  init(ctx): ToolHandle {
    const baseUrl = stringInput(ctx.inputs.apiBase);
    if (!baseUrl) throw new Error('Set the Base URL of your SearXNG instance');
    const format = stringInput(ctx.inputs.format) ?? 'json';
    if (format !== 'json' && format !== 'html') throw new Error('Format must be "json" or "html"');
    const name = (stringInput(ctx.inputs.toolName) ?? SEARXNG_DEFAULT_NAME).replace(/[^a-zA-Z0-9_-]/g, '_');
    return searxngTool({
      baseUrl,
      name,
      description: stringInput(ctx.inputs.toolDescription) ?? SEARXNG_DEFAULT_DESCRIPTION,
      headers: {
        accept: format === 'json' ? 'application/json' : 'text/html',
        ...headersInput(ctx.inputs.headers),
      },
      format,
      params: searxngParams(ctx.inputs),
      http: ctx.run.services.http,
    });
  },
};
