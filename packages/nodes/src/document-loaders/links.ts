import type { EngineLogger, GuardedFetch } from '@flowloom/engine';
import { localName, xmlTokens } from './readers/xml.js';
import { fetchOkText, isWebUrl, type FetchedText } from './web.js';

/** How the Cheerio Web Scraper finds the pages of a site (its "Get Relative Links Method"). */
export type RelativeLinksMethod = 'webCrawl' | 'scrapeXMLSitemap';

export const DEFAULT_LINK_LIMIT = 10;
/** The most pages one crawl or sitemap gives, also when the limit is 0 ("all"). */
export const MAX_LINKS = 500;
/** The most nested sitemaps a sitemap index is followed into. */
const MAX_SITEMAPS = 20;

/** Links never worth a request: documents and media a web page loader cannot read. */
const NOT_PAGES =
  /\.(pdf|png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp3|mp4|m4a|wav|ogg|webm|mov|avi|zip|gz|tgz|rar|7z|exe|dmg|iso|docx?|xlsx?|pptx?|css|js|woff2?|ttf|eot)$/i;

export interface LinkOptions {
  signal?: AbortSignal;
  /** Per request (default: the page timeout). */
  timeoutMs?: number;
  logger?: EngineLogger;
  /** Receives each crawled page, so a loader need not fetch it again. */
  onPage?: (page: { url: string; html: string }) => void | Promise<void>;
}

/**
 * The number of links "Get Relative Links Limit" asks for: empty means the default (10), 0 means all
 * (up to {@link MAX_LINKS}); a negative or non-numeric value is refused.
 */
export function linkLimit(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_LINK_LIMIT;
  const limit = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(limit)) throw new Error('Get Relative Links Limit must be a number');
  if (limit < 0) throw new Error('Get Relative Links Limit cannot be less than 0');
  return limit === 0 ? MAX_LINKS : Math.min(Math.floor(limit), MAX_LINKS);
}

/** A page URL as crawled once: without its #fragment or a trailing slash. */
function pageKey(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  if (copy.pathname.length > 1 && copy.pathname.endsWith('/')) copy.pathname = copy.pathname.slice(0, -1);
  return copy.href;
}

/** Whether a link is worth loading as a page (`.pdf` and other non-page files are not). */
export function isPageLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !NOT_PAGES.test(parsed.pathname);
  } catch {
    return false;
  }
}

function isHtml(page: FetchedText): boolean {
  if (/\b(text\/html|application\/xhtml\+xml)\b/i.test(page.contentType)) return true;
  return page.contentType === '' && /^\s*</.test(page.text);
}

/** The absolute targets of a page's `<a href>` links. */
async function pageLinks(html: string, base: string): Promise<URL[]> {
  const { load } = await import('cheerio/slim');
  const $ = load(html);
  const baseHref = $('base[href]').attr('href');
  const root = baseHref && URL.canParse(baseHref, base) ? new URL(baseHref, base).href : base;
  const links: URL[] = [];
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href')?.trim();
    if (href && URL.canParse(href, root)) links.push(new URL(href, root));
  });
  return links;
}

/**
 * Crawls a site from `start`, breadth first, through links to pages of the same host: the pages that
 * answered with HTML, at most `limit`. A failing start page is an error; later failures are skipped.
 */
async function webCrawl(http: GuardedFetch, start: string, limit: number, options: LinkOptions) {
  const first = new URL(pageKey(new URL(start)));
  const hosts = new Set([first.host]);
  const queue = [first.href];
  const queued = new Set(queue);
  const pages: string[] = [];
  while (queue.length > 0 && pages.length < limit) {
    options.signal?.throwIfAborted();
    const url = queue.shift()!;
    const isStart = url === first.href;
    let page: FetchedText;
    try {
      page = await fetchOkText(http, url, { signal: options.signal, timeoutMs: options.timeoutMs });
      if (!isHtml(page))
        throw new Error(`${url} is not an HTML page (${page.contentType || 'no content type'})`);
    } catch (error) {
      if (isStart) throw error;
      options.logger?.warn('Crawl skipped a page', { url, error: (error as Error).message });
      continue;
    }
    // A start page that redirects (to https, or to www.) makes its new host part of the site.
    if (isStart) hosts.add(new URL(page.url).host);
    pages.push(url);
    await options.onPage?.({ url, html: page.text });
    for (const link of await pageLinks(page.text, page.url)) {
      const key = pageKey(link);
      if (!hosts.has(link.host) || queued.has(key) || !isPageLink(key)) continue;
      queued.add(key);
      queue.push(key);
    }
  }
  return pages;
}

/** The `<loc>` of each `<url>` and each nested `<sitemap>` of a sitemap. */
function sitemapLocations(xml: string): { pages: string[]; sitemaps: string[] } {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  let parent: 'url' | 'sitemap' | undefined;
  let loc: string | undefined;
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'text') {
      if (loc !== undefined) loc += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.kind === 'open') {
      if (name === 'url' || name === 'sitemap') parent = name;
      else if (name === 'loc' && parent && !token.selfClosing) loc = '';
    } else if (name === 'loc' && loc !== undefined) {
      (parent === 'sitemap' ? sitemaps : pages).push(loc.trim());
      loc = undefined;
    } else if (name === parent) parent = undefined;
  }
  return { pages, sitemaps };
}

async function fetchSitemap(http: GuardedFetch, url: string, options: LinkOptions) {
  const page = await fetchOkText(http, url, { signal: options.signal, timeoutMs: options.timeoutMs });
  if (!/<(\w+:)?(urlset|sitemapindex)[\s>]/.test(page.text))
    throw new Error(`${url} is not an XML sitemap (it has no <urlset> or <sitemapindex>)`);
  return sitemapLocations(page.text);
}

/**
 * The pages a sitemap lists on its own host (following a sitemap index into its sitemaps), at most
 * `limit`.
 */
async function scrapeSitemap(http: GuardedFetch, url: string, limit: number, options: LinkOptions) {
  const host = new URL(url).host;
  const onSite = (link: string) => URL.canParse(link) && new URL(link).host === host;
  const pages = new Set<string>();
  const take = (links: readonly string[]) => {
    for (const link of links) if (pages.size < limit && onSite(link) && isPageLink(link)) pages.add(link);
  };
  const first = await fetchSitemap(http, url, options);
  take(first.pages);
  for (const nested of first.sitemaps.filter(onSite).slice(0, MAX_SITEMAPS)) {
    if (pages.size >= limit) break;
    options.signal?.throwIfAborted();
    try {
      take((await fetchSitemap(http, nested, options)).pages);
    } catch (error) {
      options.logger?.warn('Sitemap skipped', { url: nested, error: (error as Error).message });
    }
  }
  return [...pages];
}

/**
 * The pages of the site of `url` a scraper would load (`GET /api/v1/fetch-links`): found by crawling
 * links from `url` (`webCrawl`) or read from the XML sitemap at `url` (`scrapeXMLSitemap`), same host
 * only, without `.pdf` and other non-page files, at most `limit` ({@link linkLimit}: 0 = all up to
 * {@link MAX_LINKS}). Every request goes through `http`, the run's guarded client.
 */
export async function fetchLinks(
  http: GuardedFetch,
  url: string,
  method: RelativeLinksMethod,
  limit: unknown,
  options: LinkOptions = {},
): Promise<string[]> {
  const target = url.trim();
  if (!isWebUrl(target)) throw new Error('Invalid URL');
  const count = linkLimit(limit);
  switch (method) {
    case 'webCrawl':
      return webCrawl(http, target, count, options);
    case 'scrapeXMLSitemap':
      return scrapeSitemap(http, target, count, options);
    default: {
      const unknown: string = method; // a value from outside the type (a query parameter)
      throw new Error(`Get Relative Links Method must be "webCrawl" or "scrapeXMLSitemap", not "${unknown}"`);
    }
  }
}
