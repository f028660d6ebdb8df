import type { GuardedFetch, NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import { fetchLinks, isPageLink } from '../../document-loaders/links.js';
import { htmlText } from '../../document-loaders/readers/html.js';
import { fetchText as fetchPage, isWebUrl } from '../../document-loaders/web.js';
import { badgeIcon } from '../../utilities/icons.js';
import { MAX_RESPONSE_BYTES, MAX_RESPONSE_CHARS } from '../http-tools.js';
import { stringArgument, type ToolHandle } from '../tool.js';

/** The most pages one call reads, whatever Max Pages says (empty Max Pages means this many). */
export const MAX_SCRAPED_PAGES = 50;
/** The least page text each page keeps when many pages share {@link MAX_RESPONSE_CHARS}. */
const MIN_PAGE_CHARS = 1_000;

/** One page as the model reads it (Flowise's field names). */
export interface ScrapedPage {
  url: string;
  title: string;
  description: string;
  body_text: string;
  error?: string;
}

export interface ScraperSettings {
  mode: 'recursive' | 'sitemap';
  /** 1 = only the given page, 2 = it and the pages it links to, … */
  maxDepth: number;
  maxPages: number;
  timeoutMs: number;
}

const failed = (url: string, error: string): ScrapedPage => ({
  url,
  title: '',
  description: '',
  body_text: '',
  error,
});

/** A page's title, description, text and the same-site pages it links to. */
async function readPage(url: string, html: string): Promise<{ page: ScrapedPage; links: string[] }> {
  const { load } = await import('cheerio/slim');
  const $ = load(html);
  const description =
    $('meta[name="description"]').attr('content') ??
    $('meta[property="og:description"]').attr('content') ??
    $('meta[name="twitter:description"]').attr('content') ??
    '';
  const host = new URL(url).host;
  const links = new Set<string>();
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href')?.trim();
    if (!href || !URL.canParse(href, url)) return;
    const link = new URL(href, url);
    link.hash = '';
    if (link.host === host && isPageLink(link.href)) links.add(link.href);
  });
  const { text, title } = await htmlText(html);
  return {
    page: { url, title: title ?? '', description: description.trim(), body_text: text },
    links: [...links],
  };
}

/** Fetches and reads one page; a page that fails is an entry with its `error`, not a failed call. */
async function scrapePage(
  http: GuardedFetch,
  url: string,
  settings: ScraperSettings,
  signal: AbortSignal,
): Promise<{ page: ScrapedPage; links: string[] }> {
  try {
    const answer = await fetchPage(http, url, {
      signal,
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    if (answer.status >= 400)
      return {
        page: failed(url, `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`),
        links: [],
      };
    const html = /\b(text\/html|application\/xhtml\+xml)\b/i.test(answer.contentType);
    if (!html && !(answer.contentType === '' && /^\s*</.test(answer.text)))
      return {
        page: failed(url, `Skipped: not an HTML page (${answer.contentType || 'no content type'})`),
        links: [],
      };
    return await readPage(answer.url || url, answer.text);
  } catch (error) {
    signal.throwIfAborted();
    return { page: failed(url, (error as Error).message), links: [] };
  }
}

/** Reads pages breadth first from `start`, following same-site links while within depth and page limits. */
async function crawl(http: GuardedFetch, start: string, settings: ScraperSettings, signal: AbortSignal) {
  const pages: ScrapedPage[] = [];
  const seen = new Set([start]);
  const queue: { url: string; depth: number }[] = [{ url: start, depth: 1 }];
  while (queue.length > 0 && pages.length < settings.maxPages) {
    signal.throwIfAborted();
    const { url, depth } = queue.shift()!;
    const { page, links } = await scrapePage(http, url, settings, signal);
    pages.push(page);
    if (depth >= settings.maxDepth) continue;
    for (const link of links) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push({ url: link, depth: depth + 1 });
    }
  }
  return pages;
}

/** The pages the site's `/sitemap.xml` lists, or none when it has no usable sitemap. */
async function sitemapPages(
  http: GuardedFetch,
  start: string,
  settings: ScraperSettings,
  signal: AbortSignal,
) {
  try {
    const sitemap = new URL('/sitemap.xml', start).href;
    return await fetchLinks(http, sitemap, 'scrapeXMLSitemap', settings.maxPages, {
      signal,
      timeoutMs: settings.timeoutMs,
    });
  } catch {
    signal.throwIfAborted();
    return [];
  }
}

/** Each page's text cut to its share of what the model may read, so the whole answer stays bounded. */
function bounded(pages: ScrapedPage[]): ScrapedPage[] {
  const share = Math.max(MIN_PAGE_CHARS, Math.floor(MAX_RESPONSE_CHARS / Math.max(pages.length, 1)));
  return pages.map((page) =>
    page.body_text.length > share ? { ...page, body_text: `${page.body_text.slice(0, share)}…` } : page,
  );
}

/**
 * Scrapes from `url` as the node is set: recursively, or from the sitemap (falling back to following
 * links when there is none). Answers Flowise's JSON: a list of pages, or `{warning, scrapedData}`.
 */
export async function scrape(
  http: GuardedFetch,
  url: string,
  settings: ScraperSettings,
  signal: AbortSignal,
): Promise<string> {
  const start = url.trim();
  if (!isWebUrl(start)) throw new Error(`"${start}" is not an http(s) URL: give the page to scrape`);
  if (settings.mode === 'sitemap') {
    const listed = await sitemapPages(http, start, settings, signal);
    if (listed.length > 0) {
      const pages: ScrapedPage[] = [];
      for (const page of listed.slice(0, settings.maxPages)) {
        signal.throwIfAborted();
        pages.push((await scrapePage(http, page, settings, signal)).page);
      }
      return JSON.stringify(bounded(pages));
    }
    const scrapedData = bounded(await crawl(http, start, settings, signal));
    return JSON.stringify({
      warning: 'No sitemap found (or it was empty); followed links instead.',
      scrapedData,
    });
  }
  return JSON.stringify(bounded(await crawl(http, start, settings, signal)));
}

function positive(value: unknown, label: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = numberInput(value);
  if (n === undefined || n <= 0) throw new Error(`${label} must be a number greater than 0`);
  return n;
}

/** The node's inputs as settings, or a clear error for a value that cannot work. */
export function scraperSettings(inputs: Record<string, unknown>): ScraperSettings {
  const mode = stringInput(inputs.scrapeMode) ?? 'recursive';
  if (mode !== 'recursive' && mode !== 'sitemap')
    throw new Error('Scraping Mode must be "recursive" or "sitemap"');
  return {
    mode,
    maxDepth: Math.floor(positive(inputs.maxDepth, 'Max Depth', 1)),
    maxPages: Math.min(
      Math.floor(positive(inputs.maxPages, 'Max Pages', MAX_SCRAPED_PAGES)),
      MAX_SCRAPED_PAGES,
    ),
    timeoutMs: Math.round(positive(inputs.timeoutS, 'Timeout (s)', 60) * 1000),
  };
}

/** What the model is told the tool does, from its settings. */
export function scraperDescription(settings: ScraperSettings): string {
  const reach =
    settings.mode === 'sitemap'
      ? `the pages listed in the site's sitemap.xml (or, without one, the pages its links lead to)`
      : settings.maxDepth > 1
        ? `a web page and the pages of the same site it links to, up to ${settings.maxDepth} links deep`
        : 'a web page';
  return `Reads ${reach}, at most ${settings.maxPages} page(s), waiting up to ${settings.timeoutMs / 1000} s for each. Gives a JSON list of pages with url, title, description and body_text. Input should be one URL.`;
}

export const webScraperTool: NodeType = {
  icon: badgeIcon('WS', '#00838f'),
  definition: {
    label: 'Web Scraper Tool',
    name: 'webScraperTool',
    version: 1.1,
    type: 'Tool',
    category: 'Tools',
    baseClasses: ['Tool', 'StructuredTool'],
    description: 'Reads web pages for an agent, following links or the site’s sitemap',
    inputs: [
      {
        label: 'Scraping Mode',
        name: 'scrapeMode',
        type: 'options',
        options: [
          { label: 'Recursive Link Following', name: 'recursive' },
          { label: 'Sitemap', name: 'sitemap' },
        ],
        default: 'recursive',
        description:
          'Recursive follows the links of each page (see Max Depth); Sitemap reads the pages listed in /sitemap.xml, and follows links when the site has none.',
        additionalParams: true,
      },
      {
        label: 'Max Depth',
        name: 'maxDepth',
        type: 'number',
        description:
          'How many levels of links to follow: 1 reads only the given page, 2 also the pages it links to.',
        placeholder: '1',
        default: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Pages',
        name: 'maxPages',
        type: 'number',
        description: `Most pages one call reads, in any mode (empty: ${MAX_SCRAPED_PAGES}, also the upper limit).`,
        placeholder: '10',
        default: 10,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Timeout (s)',
        name: 'timeoutS',
        type: 'number',
        description: 'Longest wait for each page, in seconds (decimals allowed).',
        placeholder: '60',
        default: 60,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Tool Description',
        name: 'description',
        type: 'string',
        description:
          'Tells the model what the tool does and when to use it; replaces the description made from the settings.',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  init(ctx): ToolHandle {
    const settings = scraperSettings(ctx.inputs);
    const { http } = ctx.run.services;
    return {
      kind: 'tool',
      name: 'web_scraper_tool',
      description: stringInput(ctx.inputs.description) ?? scraperDescription(settings),
      inputSchema: {
        type: 'object',
        properties: { input: { type: 'string', description: 'The URL of the page to start from' } },
        required: ['input'],
      },
      invoke: (args, { signal }) =>
        scrape(http, typeof args.url === 'string' ? args.url : stringArgument(args), settings, signal),
    };
  },
};
