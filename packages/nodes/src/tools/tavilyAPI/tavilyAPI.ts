import type { JSONSchema7 } from 'ai';
import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { MAX_RESPONSE_CHARS, cutText } from '../http-tools.js';
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

export const TAVILY_DEFAULT_URL = 'https://api.tavily.com';
const SERVICE = 'Tavily';
/** Longest page text (Include Raw Content) of one result the model reads. */
const MAX_RAW_CHARS = 4_000;

/** The node's search settings; unset ones are left to Tavily (or to the model, where it may choose). */
export interface TavilySettings {
  topic?: string;
  searchDepth?: string;
  chunksPerSource?: number;
  maxResults?: number;
  timeRange?: string;
  days?: number;
  includeAnswer?: boolean;
  includeRawContent?: boolean;
  includeImages?: boolean;
  includeImageDescriptions?: boolean;
  includeDomains?: string[];
  excludeDomains?: string[];
}

const INPUT_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'The search query' },
    topic: {
      type: 'string',
      enum: ['general', 'news', 'finance'],
      description: '"news" for current affairs, "finance" for markets; "general" otherwise',
    },
    timeRange: {
      type: 'string',
      enum: ['day', 'week', 'month', 'year'],
      description: 'Only results published within this period; set it only when the user asks for one',
    },
    includeDomains: {
      type: 'array',
      items: { type: 'string' },
      description: 'Only results from these domains',
    },
    excludeDomains: {
      type: 'array',
      items: { type: 'string' },
      description: 'No results from these domains',
    },
  },
  required: ['query'],
};

function stringList(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
  return list && list.length > 0 ? list : undefined;
}

/** The JSON body of `POST /search`: the node's settings win over what the model chose. */
export function tavilyBody(settings: TavilySettings, args: Record<string, unknown>): Record<string, unknown> {
  const topic = settings.topic ?? stringInput(args.topic);
  const searchDepth = settings.searchDepth;
  const body: Record<string, unknown> = {
    query: stringArgument(args, 'query'),
    topic,
    search_depth: searchDepth,
    // Tavily reads chunks only for an advanced search, and days only for news.
    chunks_per_source: searchDepth === 'advanced' ? settings.chunksPerSource : undefined,
    max_results: settings.maxResults,
    time_range: settings.timeRange ?? stringInput(args.timeRange),
    days: topic === 'news' ? settings.days : undefined,
    include_answer: settings.includeAnswer || undefined,
    include_raw_content: settings.includeRawContent || undefined,
    include_images: settings.includeImages || undefined,
    include_image_descriptions: settings.includeImageDescriptions || undefined,
    include_domains: settings.includeDomains ?? stringList(args.includeDomains),
    exclude_domains: settings.excludeDomains ?? stringList(args.excludeDomains),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** Tavily's answer as text: its answer, the results, page texts and images when asked for. */
export function tavilyText(answer: Record<string, unknown>): string {
  const results = listOf<Record<string, unknown>>(answer.results);
  const direct = plainSnippet(textOf(answer.answer));
  const lines = [
    resultsText(
      results.map((r) => ({ title: textOf(r.title), link: textOf(r.url), snippet: textOf(r.content) })),
      [direct && `Answer: ${direct}`],
    ),
  ];
  for (const result of results) {
    const raw = textOf(result.raw_content);
    if (raw)
      lines.push(
        `Page text of ${textOf(result.url) ?? textOf(result.title) ?? 'a result'}:\n${cutText(raw, false, MAX_RAW_CHARS)}`,
      );
  }
  const images = listOf<unknown>(answer.images)
    .map((image) => {
      if (typeof image === 'string') return image;
      const { url, description } = objectOf(image);
      return (
        textOf(url) && `${textOf(url)}${textOf(description) ? ` — ${plainSnippet(textOf(description))}` : ''}`
      );
    })
    .filter(Boolean);
  if (images.length > 0) lines.push(`Images:\n${images.map((i) => `- ${i}`).join('\n')}`);
  return cutText(lines.join('\n\n'), false, MAX_RESPONSE_CHARS);
}

/** Tavily's search API for LLMs (`POST /search`, key as a bearer token). */
export function tavilyTool(options: {
  apiKey: string;
  baseUrl: string;
  http: GuardedFetch;
  settings: TavilySettings;
}): ToolHandle {
  return {
    kind: 'tool',
    name: 'tavily_search',
    description:
      'A search engine made for AI agents, with accurate and current results. Use it for current events and facts you do not know. Input should be a search query.',
    inputSchema: INPUT_SCHEMA,
    async invoke(args, { signal }) {
      const answer = await searchJson({
        service: SERVICE,
        http: options.http,
        url: endpointUrl(options.baseUrl, '/search'),
        init: {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(tavilyBody(options.settings, args)),
        },
        signal,
        secret: options.apiKey,
      });
      return tavilyText(objectOf(answer));
    },
  };
}

function wholeNumber(value: unknown, label: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = numberInput(value);
  if (n === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`${label} must be a whole number from ${min} to ${max}`);
  return n;
}

function domains(value: unknown): string[] | undefined {
  const list = (stringInput(value) ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}

function choice(value: unknown, label: string, allowed: readonly string[]): string | undefined {
  const text = stringInput(value);
  if (text !== undefined && !allowed.includes(text))
    throw new Error(`${label} must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  return text;
}

/** The node's inputs as settings, or a clear error for a value Tavily would refuse. */
export function tavilySettings(inputs: Record<string, unknown>): TavilySettings {
  return {
    topic: choice(inputs.topic, 'Topic', ['general', 'news', 'finance']),
    searchDepth: choice(inputs.searchDepth, 'Search Depth', ['basic', 'advanced']),
    chunksPerSource: wholeNumber(inputs.chunksPerSource, 'Chunks Per Source', 1, 3),
    maxResults: wholeNumber(inputs.maxResults, 'Max Results', 0, 20),
    timeRange: choice(inputs.timeRange, 'Time Range', ['day', 'week', 'month', 'year']),
    days: wholeNumber(inputs.days, 'Days', 1, 3650),
    includeAnswer: booleanInput(inputs.includeAnswer, false),
    includeRawContent: booleanInput(inputs.includeRawContent, false),
    includeImages: booleanInput(inputs.includeImages, false),
    includeImageDescriptions: booleanInput(inputs.includeImageDescriptions, false),
    includeDomains: domains(inputs.includeDomains),
    excludeDomains: domains(inputs.excludeDomains),
  };
}

const advanced = { additionalParams: true, optional: true } as const;

export const tavilyAPI: NodeType = {
  icon: badgeIcon('T', '#2f4f9f'),
  definition: {
    label: 'Tavily API',
    name: 'tavilyAPI',
    version: 1.2,
    type: 'TavilyAPI',
    category: 'Tools',
    baseClasses: ['TavilyAPI', 'Tool', 'StructuredTool'],
    description: 'Web search through Tavily, a search API built for LLMs and AI agents',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['tavilyApi'],
    },
    inputs: [
      {
        label: 'Topic',
        name: 'topic',
        type: 'options',
        options: [
          { label: 'General', name: 'general' },
          { label: 'News', name: 'news' },
        ],
        default: 'general',
        description: 'News searches recent reporting; General searches the whole web',
        ...advanced,
      },
      {
        label: 'Search Depth',
        name: 'searchDepth',
        type: 'options',
        options: [
          { label: 'Basic', name: 'basic' },
          { label: 'Advanced', name: 'advanced' },
        ],
        default: 'basic',
        description: 'Advanced finds more relevant passages and costs 2 API credits a search; Basic costs 1',
        ...advanced,
      },
      {
        label: 'Chunks Per Source',
        name: 'chunksPerSource',
        type: 'number',
        default: 3,
        description: 'Passages taken from each source, 1 to 3 (Advanced search only)',
        ...advanced,
      },
      {
        label: 'Max Results',
        name: 'maxResults',
        type: 'number',
        default: 5,
        description: 'How many results to return, 0 to 20',
        ...advanced,
      },
      {
        label: 'Time Range',
        name: 'timeRange',
        type: 'options',
        options: [
          { label: 'Day', name: 'day' },
          { label: 'Week', name: 'week' },
          { label: 'Month', name: 'month' },
          { label: 'Year', name: 'year' },
        ],
        description: 'Only results published within this period',
        ...advanced,
      },
      {
        label: 'Days',
        name: 'days',
        type: 'number',
        default: 7,
        description: 'How many days back to search (News topic only)',
        ...advanced,
      },
      {
        label: 'Include Answer',
        name: 'includeAnswer',
        type: 'boolean',
        default: false,
        description: 'Also ask Tavily for a short answer written by its LLM',
        ...advanced,
      },
      {
        label: 'Include Raw Content',
        name: 'includeRawContent',
        type: 'boolean',
        default: false,
        description: 'Also return the cleaned text of each result page',
        ...advanced,
      },
      {
        label: 'Include Images',
        name: 'includeImages',
        type: 'boolean',
        default: false,
        description: 'Also return images related to the query',
        ...advanced,
      },
      {
        label: 'Include Image Descriptions',
        name: 'includeImageDescriptions',
        type: 'boolean',
        default: false,
        description: 'Describe each returned image in words',
        ...advanced,
      },
      {
        label: 'Include Domains',
        name: 'includeDomains',
        type: 'string',
        description: 'Only results from these domains, comma-separated',
        ...advanced,
      },
      {
        label: 'Exclude Domains',
        name: 'excludeDomains',
        type: 'string',
        description: 'No results from these domains, comma-separated',
        ...advanced,
      },
    ],
  },
  async init(ctx): Promise<ToolHandle> {
    const apiKey = stringInput((await ctx.credential()).tavilyApiKey);
    if (!apiKey) throw new Error('The Tavily credential has no API key');
    return tavilyTool({
      apiKey,
      // TAVILY_BASE_URL lets operators use a proxy (and tests a local server).
      baseUrl: ctx.run.services.providerBaseUrls.tavily ?? TAVILY_DEFAULT_URL,
      http: ctx.run.services.http,
      settings: tavilySettings(ctx.inputs),
    });
  },
};
