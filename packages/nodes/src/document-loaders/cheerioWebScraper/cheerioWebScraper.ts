import type { NodeContext } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { stringInput } from '../../llm/chat-model.js';
import { fetchLinks, isPageLink, linkLimit, type RelativeLinksMethod } from '../links.js';
import { loaderIcon, loaderNode } from '../loader.js';
import { checkSelector, htmlText } from '../readers/html.js';
import { fetchOkText, isWebUrl } from '../web.js';

const METHODS: readonly RelativeLinksMethod[] = ['webCrawl', 'scrapeXMLSitemap'];

/** The links picked in the UI (`inputs.selectedLinks`): a list, or JSON text of one. */
function selectedLinks(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      list = JSON.parse(value);
    } catch {
      throw new Error('The selected links of this node are damaged; fetch and pick the links again');
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((s) => s.trim());
}

function methodOf(value: unknown): RelativeLinksMethod | undefined {
  const method = stringInput(value);
  if (method === undefined) return undefined;
  if (!(METHODS as readonly string[]).includes(method))
    throw new Error(`Get Relative Links Method must be "Web Crawl" or "Scrape XML Sitemap"`);
  return method as RelativeLinksMethod;
}

/** One page as a document: its text (or that of the elements `selector` matches), `source`, `title`. */
async function pageDocument(
  url: string,
  html: string,
  selector: string | undefined,
): Promise<SourceDocument> {
  const { text, title } = await htmlText(html, selector);
  return { pageContent: text, metadata: { source: url, ...(title && { title }) } };
}

async function fetchPage(ctx: NodeContext, url: string): Promise<string> {
  const page = await fetchOkText(ctx.run.services.http, url, { signal: ctx.run.signal });
  if (/\bpdf\b/i.test(page.contentType))
    throw new Error(`${url} is a PDF, not a web page; load it with the Pdf File loader`);
  return page.text;
}

/**
 * Loads several pages: `.pdf` and other non-page links are skipped, a page that fails is skipped
 * (and logged) as long as another one loads; when none does, the first failure is the error.
 */
async function loadPages(
  ctx: NodeContext,
  urls: readonly string[],
  selector: string | undefined,
  crawled: ReadonlyMap<string, string>,
): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  const failures: Error[] = [];
  for (const url of urls) {
    ctx.run.signal.throwIfAborted();
    if (!isPageLink(url)) {
      ctx.run.services.logger.debug('Web scraper skipped a link that is not a web page', { url });
      continue;
    }
    try {
      documents.push(await pageDocument(url, crawled.get(url) ?? (await fetchPage(ctx, url)), selector));
    } catch (error) {
      ctx.run.signal.throwIfAborted();
      failures.push(error as Error);
      ctx.run.services.logger.warn('Web scraper skipped a page', { url, error: (error as Error).message });
    }
  }
  if (documents.length === 0 && failures.length > 0)
    throw new Error(
      failures.length === 1
        ? failures[0]!.message
        : `None of the ${failures.length} pages could be loaded; the first failure: ${failures[0]!.message}`,
      { cause: failures[0] },
    );
  return documents;
}

export const cheerioWebScraper = loaderNode({
  label: 'Cheerio Web Scraper',
  name: 'cheerioWebScraper',
  version: 2,
  description:
    'Loads the text of a web page, or of the pages of a site found by crawling it or from its sitemap',
  icon: loaderIcon('WEB', '#e88e25'),
  inputs: [{ label: 'URL', name: 'url', type: 'string' }],
  moreInputs: [
    {
      label: 'Get Relative Links Method',
      name: 'relativeLinksMethod',
      type: 'options',
      description: 'Also load other pages of the same site, found this way',
      options: [
        { label: 'Web Crawl', name: 'webCrawl', description: 'Follow the links of the page at the URL' },
        {
          label: 'Scrape XML Sitemap',
          name: 'scrapeXMLSitemap',
          description: 'Read the page list of the XML sitemap at the URL',
        },
      ],
      default: 'webCrawl',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Get Relative Links Limit',
      name: 'limit',
      type: 'number',
      description: 'How many pages to load with a links method (default 10); 0 loads all, up to 500',
      warning:
        'Loading every page of a site can take a long time, and all of them are loaded again whenever the flow changes',
      default: '10',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Selector (CSS)',
      name: 'selector',
      type: 'string',
      description: 'Only the text of the elements this CSS selector matches (e.g. "article" or ".content")',
      optional: true,
      additionalParams: true,
    },
  ],
  async load(ctx) {
    const url = stringInput(ctx.inputs.url) ?? '';
    if (!isWebUrl(url)) throw new Error('Invalid URL');
    const selector = stringInput(ctx.inputs.selector);
    if (selector) await checkSelector(selector);
    const method = methodOf(ctx.inputs.relativeLinksMethod);
    const selected = selectedLinks(ctx.inputs.selectedLinks);

    if (method) {
      const limit = linkLimit(ctx.inputs.limit);
      // Pages the crawl has already fetched are not fetched a second time.
      const crawled = new Map<string, string>();
      const pages =
        selected.length > 0
          ? selected.slice(0, limit)
          : await fetchLinks(ctx.run.services.http, url, method, limit, {
              signal: ctx.run.signal,
              logger: ctx.run.services.logger,
              onPage: (page) => {
                crawled.set(page.url, page.html);
              },
            });
      if (pages.length === 0) throw new Error('No relative links found');
      return loadPages(ctx, pages, selector, crawled);
    }
    if (selected.length > 0)
      return loadPages(ctx, selected.slice(0, linkLimit(ctx.inputs.limit)), selector, new Map());
    return [await pageDocument(url, await fetchPage(ctx, url), selector)];
  },
});
