import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchLinks, MAX_LINKS } from './links.js';
import { answer, html, plainFetch, startServer, type Route } from './test-fixtures.js';

let site: Awaited<ReturnType<typeof startServer>>;
/** The same server under another host name: another site as far as the crawler is concerned. */
const otherSite = () => site.url.replace('127.0.0.1', 'localhost');
const xml = (body: () => string) => answer('application/xml', body);

beforeAll(async () => {
  const routes: Record<string, Route> = {
    '/': html(
      () => `<a href="/a">A</a> <a href="b/">B</a> <a href="/a#part">A again</a> <a href="/guide.pdf">PDF</a>
       <a href="mailto:x@example.com">mail</a> <a href="${otherSite()}/elsewhere">other site</a> <a href="/missing">gone</a>`,
    ),
    '/a': html('<a href="/c">C</a>'),
    '/b': html('<a href="/">home</a>'),
    '/c': html('<p>leaf</p>'),
    '/sitemap.xml': xml(
      () =>
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.url}/x</loc></url><url><loc>${site.url}/y.pdf</loc></url><url><loc>http://elsewhere.example/z</loc></url></urlset>`,
    ),
    '/index.xml': xml(
      () =>
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.url}/sitemap.xml</loc></sitemap></sitemapindex>`,
    ),
    '/wide': html(Array.from({ length: 600 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('')),
  };
  for (let i = 0; i < 600; i++) routes[`/p${i}`] = html('<p>page</p>');
  site = await startServer(routes);
});
afterAll(() => site.close());

describe('fetchLinks', () => {
  it('crawls same-site pages breadth first, once each, without .pdf links or failing pages', async () => {
    expect(await fetchLinks(plainFetch, `${site.url}/`, 'webCrawl', 10)).toEqual([
      `${site.url}/`,
      `${site.url}/a`,
      `${site.url}/b`,
      `${site.url}/c`,
    ]);
  });

  it('stops at the limit, and 0 means all up to the cap', async () => {
    expect(await fetchLinks(plainFetch, `${site.url}/`, 'webCrawl', 2)).toEqual([
      `${site.url}/`,
      `${site.url}/a`,
    ]);
    expect(await fetchLinks(plainFetch, `${site.url}/wide`, 'webCrawl', 0)).toHaveLength(MAX_LINKS);
  });

  it('reads the same-site pages of a sitemap, following a sitemap index', async () => {
    expect(await fetchLinks(plainFetch, `${site.url}/sitemap.xml`, 'scrapeXMLSitemap', 10)).toEqual([
      `${site.url}/x`,
    ]);
    expect(await fetchLinks(plainFetch, `${site.url}/index.xml`, 'scrapeXMLSitemap', 10)).toEqual([
      `${site.url}/x`,
    ]);
  });

  it('refuses an invalid URL, a negative limit, a page that is no sitemap, and a failing start page', async () => {
    await expect(fetchLinks(plainFetch, 'not a url', 'webCrawl', 10)).rejects.toThrow('Invalid URL');
    await expect(fetchLinks(plainFetch, site.url, 'webCrawl', -1)).rejects.toThrow(
      'Get Relative Links Limit cannot be less than 0',
    );
    await expect(fetchLinks(plainFetch, `${site.url}/a`, 'scrapeXMLSitemap', 10)).rejects.toThrow(
      `${site.url}/a is not an XML sitemap`,
    );
    await expect(fetchLinks(plainFetch, `${site.url}/missing`, 'webCrawl', 10)).rejects.toThrow(
      `${site.url}/missing answered 404 Not Found`,
    );
  });
});
