import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, html, loadWith, plainFetch, startServer } from '../test-fixtures.js';
import { cheerioWebScraper } from './cheerioWebScraper.js';

let site: Awaited<ReturnType<typeof startServer>>;
let requests: string[] = [];
const services = { http: ((url, init) => (requests.push(url), plainFetch(url, init))) as typeof plainFetch };

beforeAll(async () => {
  site = await startServer({
    '/': html(
      '<html><head><title>Home</title><script>var x = 1;</script></head><body><nav>Menu</nav><main><h1>Welcome</h1><p>Our <em>opening</em> hours.</p></main><a href="/about">About</a> <a href="/manual.pdf">Manual</a></body></html>',
    ),
    '/about': html(
      '<html><head><title>About</title></head><body><main><p>About us.</p></main></body></html>',
    ),
    '/sitemap.xml': answer(
      'application/xml',
      () => `<urlset><url><loc>${site.url}/about</loc></url><url><loc>${site.url}/gone</loc></url></urlset>`,
    ),
    '/empty-sitemap.xml': answer('application/xml', '<urlset></urlset>'),
    '/silent': () => {},
  });
});
afterAll(() => site.close());

describe('Cheerio Web Scraper', () => {
  // A new node crawls by default (Get Relative Links Method = Web Crawl); an empty method loads one page.
  const onePage = { relativeLinksMethod: '' };

  it('loads the text of a page without its scripts, with its URL and title', async () => {
    expect(await loadWith(cheerioWebScraper, { url: `${site.url}/`, ...onePage }, { services })).toEqual([
      {
        pageContent: 'Menu\n\nWelcome\n\nOur opening hours.\n\nAbout Manual',
        metadata: { source: `${site.url}/`, title: 'Home' },
      },
    ]);
  });

  it('keeps only what the CSS selector matches', async () => {
    const docs = await loadWith(
      cheerioWebScraper,
      { url: `${site.url}/`, selector: 'main p', ...onePage },
      { services },
    );
    expect(docs[0]!.pageContent).toBe('Our opening hours.');
    await expect(
      loadWith(cheerioWebScraper, { url: `${site.url}/`, selector: 'main[' }, { services }),
    ).rejects.toThrow('Selector (CSS) "main[" is not a valid CSS selector');
  });

  it('crawls the site, fetching each page once and skipping .pdf links', async () => {
    requests = [];
    const docs = await loadWith(
      cheerioWebScraper,
      { url: `${site.url}/`, relativeLinksMethod: 'webCrawl', limit: '0', selector: 'main' },
      { services },
    );
    expect(docs.map((d) => [d.metadata.source, d.pageContent])).toEqual([
      [`${site.url}/`, 'Welcome\n\nOur opening hours.'],
      [`${site.url}/about`, 'About us.'],
    ]);
    expect(requests).toEqual([`${site.url}/`, `${site.url}/about`]);
  });

  it('loads the pages of a sitemap, skipping one that fails', async () => {
    const docs = await loadWith(
      cheerioWebScraper,
      { url: `${site.url}/sitemap.xml`, relativeLinksMethod: 'scrapeXMLSitemap' },
      { services },
    );
    expect(docs.map((d) => d.metadata.source)).toEqual([`${site.url}/about`]);
  });

  it('loads the links picked in the UI, up to the limit', async () => {
    const docs = await loadWith(
      cheerioWebScraper,
      {
        url: `${site.url}/`,
        relativeLinksMethod: 'webCrawl',
        limit: 1,
        selectedLinks: [`${site.url}/about`, `${site.url}/`],
      },
      { services },
    );
    expect(docs.map((d) => d.metadata.source)).toEqual([`${site.url}/about`]);
  });

  it('answers as Flowise for an invalid URL, no links found and a negative limit', async () => {
    await expect(loadWith(cheerioWebScraper, { url: 'example dot com' }, { services })).rejects.toThrow(
      'Invalid URL',
    );
    await expect(
      loadWith(
        cheerioWebScraper,
        { url: `${site.url}/empty-sitemap.xml`, relativeLinksMethod: 'scrapeXMLSitemap' },
        { services },
      ),
    ).rejects.toThrow('No relative links found');
    await expect(
      loadWith(
        cheerioWebScraper,
        { url: `${site.url}/`, relativeLinksMethod: 'webCrawl', limit: -5 },
        { services },
      ),
    ).rejects.toThrow('Get Relative Links Limit cannot be less than 0');
  });

  it('shows the refusal of the guarded HTTP client (a private address)', async () => {
    const refuse = (url: string) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: private address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      );
    await expect(
      loadWith(
        cheerioWebScraper,
        { url: 'http://192.168.1.10/', ...onePage },
        { services: { http: refuse } },
      ),
    ).rejects.toThrow(
      'Refused to fetch http://192.168.1.10/: private address (set FLOWLOOM_HTTP_ALLOW to allow it)',
    );
    await expect(
      loadWith(
        cheerioWebScraper,
        { url: 'http://192.168.1.10/', relativeLinksMethod: 'webCrawl' },
        { services: { http: refuse } },
      ),
    ).rejects.toThrow('Refused to fetch http://192.168.1.10/: private address');
  });

  it('stops waiting for a page that hangs when the run is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 100);
    await expect(
      loadWith(
        cheerioWebScraper,
        { url: `${site.url}/silent`, ...onePage },
        { services, run: { signal: controller.signal } },
      ),
    ).rejects.toThrow('cancelled by the user');
  });
});
