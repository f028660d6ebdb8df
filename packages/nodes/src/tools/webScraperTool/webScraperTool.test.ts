import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { endlessReply, plainFetch, startFakeApi, type FakeApi, type FakeReply } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { MAX_SCRAPED_PAGES, webScraperTool, type ScrapedPage } from './webScraperTool.js';

const signal = new AbortController().signal;
let site: FakeApi;
beforeAll(async () => {
  site = await startFakeApi();
});
afterAll(() => site.close());
beforeEach(() => {
  site.requests.length = 0;
});

const page = (body: string, head = ''): FakeReply => ({
  text: `<html><head>${head}</head><body>${body}</body></html>`,
  contentType: 'text/html; charset=utf-8',
});

function build(inputs: Record<string, unknown> = {}, http: GuardedFetch = plainFetch) {
  return webScraperTool.init!(nodeContext(webScraperTool, { inputs, services: { http } })) as ToolHandle;
}

const SITE = {
  '/': page(
    '<nav><a href="/about">About</a> <a href="/about#team">Team</a> <a href="https://elsewhere.example/">Away</a> <a href="/report.pdf">PDF</a></nav><p>Welcome home</p><script>track()</script>',
    '<title>Home</title><meta name="description" content="The home page">',
  ),
  '/about': page(
    '<p>About us</p><a href="/deep">Deep</a>',
    '<title>About</title><meta property="og:description" content="Who we are">',
  ),
  '/deep': page('<p>Deep page</p>', '<title>Deep</title>'),
};

describe('Web Scraper Tool', () => {
  it('reads only the given page by default: title, description and text, as JSON', async () => {
    site.reply(SITE);
    const tool = build();
    expect(tool.name).toBe('web_scraper_tool');
    expect(tool.description).toMatch(/^Reads a web page, at most 10 page\(s\)/);
    const pages = JSON.parse(await tool.invoke({ input: `${site.url}/` }, { signal })) as ScrapedPage[];
    expect(pages).toEqual([
      {
        url: `${site.url}/`,
        title: 'Home',
        description: 'The home page',
        body_text: 'About Team Away PDF\n\nWelcome home',
      },
    ]);
    expect(site.requests.map((r) => r.path)).toEqual(['/']);
  });

  it('follows same-site page links up to Max Depth, within Max Pages', async () => {
    site.reply(SITE);
    const deep = build({ maxDepth: 3 });
    const pages = JSON.parse(await deep.invoke({ input: `${site.url}/` }, { signal })) as ScrapedPage[];
    expect(pages.map((p) => [p.url.slice(site.url.length), p.title, p.description])).toEqual([
      ['/', 'Home', 'The home page'],
      ['/about', 'About', 'Who we are'],
      ['/deep', 'Deep', ''],
    ]);
    // Other sites, fragments of a page already read and non-page files are not fetched.
    expect(site.requests.map((r) => r.path)).toEqual(['/', '/about', '/deep']);
    site.requests.length = 0;
    const two = build({ maxDepth: 3, maxPages: 2 });
    expect(JSON.parse(await two.invoke({ input: `${site.url}/` }, { signal }))).toHaveLength(2);
  });

  it('reads the pages of the sitemap in Sitemap mode, and follows links when there is none', async () => {
    site.reply({
      ...SITE,
      '/sitemap.xml': {
        text: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.url}/deep</loc></url><url><loc>${site.url}/about</loc></url></urlset>`,
        contentType: 'application/xml',
      },
    });
    const tool = build({ scrapeMode: 'sitemap' });
    const pages = JSON.parse(await tool.invoke({ input: `${site.url}/` }, { signal })) as ScrapedPage[];
    expect(pages.map((p) => p.title)).toEqual(['Deep', 'About']);

    site.reply(SITE);
    const fallback = JSON.parse(await tool.invoke({ input: `${site.url}/` }, { signal })) as {
      warning: string;
      scrapedData: ScrapedPage[];
    };
    expect(fallback.warning).toBe('No sitemap found (or it was empty); followed links instead.');
    expect(fallback.scrapedData.map((p) => p.title)).toEqual(['Home']);
  });

  it('reports pages that fail beside those that load, and refuses an input that is no URL', async () => {
    site.reply({
      '/': page(
        '<a href="/gone">Gone</a><a href="/data">Data</a><a href="/huge">Huge</a>',
        '<title>Start</title>',
      ),
      '/gone': { status: 404, text: 'missing' },
      '/data': { json: { a: 1 } },
      '/huge': endlessReply('<p>never ending</p>').reply,
    });
    const pages = JSON.parse(
      await build({ maxDepth: 2 }).invoke({ input: `${site.url}/` }, { signal }),
    ) as ScrapedPage[];
    expect(pages.map((p) => [p.url.slice(site.url.length), p.error])).toEqual([
      ['/', undefined],
      ['/gone', 'HTTP 404 Not Found'],
      ['/data', 'Skipped: not an HTML page (application/json)'],
      ['/huge', `${site.url}/huge is larger than 2 MB; it was not loaded`],
    ]);
    await expect(build().invoke({ input: 'file:///etc/passwd' }, { signal })).rejects.toThrow(
      '"file:///etc/passwd" is not an http(s) URL: give the page to scrape',
    );
  });

  it('keeps the answer bounded: page texts share the budget, pages are capped', async () => {
    site.reply({ '/': page(`<p>${'word '.repeat(30_000)}</p>`, '<title>Big</title>') });
    const [big] = JSON.parse(await build().invoke({ input: `${site.url}/` }, { signal })) as ScrapedPage[];
    expect(big!.body_text).toHaveLength(50_001);
    expect(big!.body_text.endsWith('…')).toBe(true);
    expect(() => build({ maxDepth: 0 })).toThrow('Max Depth must be a number greater than 0');
    expect(() => build({ scrapeMode: 'crawl' })).toThrow('Scraping Mode must be "recursive" or "sitemap"');
    expect(build({ maxPages: 10_000 }).description).toContain(`at most ${MAX_SCRAPED_PAGES} page(s)`);
    expect(build({ description: 'Reads our docs' }).description).toBe('Reads our docs');
    expect(build({ maxPages: '' }).description).toContain(`at most ${MAX_SCRAPED_PAGES} page(s)`);
  });

  it('reaches pages only through the run guard', async () => {
    const refusing: GuardedFetch = (url) =>
      Promise.reject(new Error(`Refused to fetch ${url}: private address`));
    const [refused] = JSON.parse(
      await build({}, refusing).invoke({ input: 'http://10.1.2.3/' }, { signal }),
    ) as ScrapedPage[];
    expect(refused!.error).toBe('Refused to fetch http://10.1.2.3/: private address');
  });
});
