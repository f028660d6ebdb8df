import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { writeTestPdf } from '../../testing/pdf-fixture.js';
import { endlessReply, plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { ARXIV_API_URL, arxiv, arxivQuery, MAX_ARXIV_RESULTS } from './arxiv.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

/** An Atom feed as arXiv's export API writes it, with our own test papers. */
function feed(
  entries: { id: string; title: string; summary: string; authors: string[]; published: string }[],
) {
  const entryXml = entries
    .map(
      (e) => `<entry>
    <id>http://arxiv.org/abs/${e.id}</id>
    <updated>${e.published}</updated>
    <published>${e.published}</published>
    <title>${e.title}</title>
    <summary>  ${e.summary}
    </summary>
    ${e.authors.map((a) => `<author>\n      <name>${a}</name>\n    </author>`).join('\n    ')}
    <link href="http://arxiv.org/abs/${e.id}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${e.id}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
  </entry>`,
    )
    .join('\n  ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="html">ArXiv Query: test</title>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${entries.length}</opensearch:totalResults>
  ${entryXml}
</feed>`;
}

const PAPERS = [
  {
    id: '2401.00001v1',
    title: 'Sparse Lanterns for\n      Attention',
    summary: 'We light only the tokens &amp; heads that matter.',
    authors: ['Ada Byron', 'Alan Turing'],
    published: '2024-01-02T10:00:00Z',
  },
  {
    id: '2401.00002v2',
    title: 'Meadow Models',
    summary: 'Grass grows on gradients.',
    authors: ['Grace Hopper'],
    published: '2024-01-05T10:00:00Z',
  },
];

const atom = (xml: string) => ({ text: xml, contentType: 'application/atom+xml; charset=utf-8' });

async function build(inputs: Record<string, unknown> = {}, http: GuardedFetch = plainFetch) {
  const ctx = nodeContext(arxiv, { inputs, services: { http, providerBaseUrls: { arxiv: api.url } } });
  return (await arxiv.init!(ctx)) as ToolHandle;
}

describe('Arxiv', () => {
  it('searches the export API by relevance and answers each paper’s date, title, authors and abstract', async () => {
    api.reply({ '/api/query': atom(feed(PAPERS)) });
    const tool = await build({ topKResults: '2' });
    expect(tool.name).toBe('arxiv_search');
    expect(await tool.invoke({ query: 'sparse attention: state-of-the-art' }, { signal })).toBe(
      [
        'Published: 2024-01-02\nTitle: Sparse Lanterns for Attention\nAuthors: Ada Byron, Alan Turing\nSummary: We light only the tokens & heads that matter.',
        'Published: 2024-01-05\nTitle: Meadow Models\nAuthors: Grace Hopper\nSummary: Grass grows on gradients.',
      ].join('\n\n'),
    );
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/query',
      query: {
        search_query: 'all:sparse attention state of the art',
        max_results: '2',
        sortBy: 'relevance',
        sortOrder: 'descending',
      },
    });
  });

  it('asks for papers by id when the query is only arXiv ids, and cuts the answer at Max Content Length', async () => {
    api.reply({ '/api/query': atom(feed(PAPERS)) });
    const tool = await build({ docContentCharsMax: '40', arxivName: 'Paper Finder' });
    expect(tool.name).toBe('paper_finder');
    const answer = await tool.invoke({ query: '2401.00001v1 hep-th/9901001' }, { signal });
    expect(answer).toBe('Published: 2024-01-02\nTitle: Sparse Lant');
    expect(api.requests[0]!.query).toEqual({ id_list: '2401.00001v1,hep-th/9901001', max_results: '3' });
  });

  it('keeps Top K Results within its limit and says when nothing was found', async () => {
    api.reply({ '/api/query': atom(feed([])) });
    const tool = await build({ topKResults: 500 });
    expect(await tool.invoke({ query: 'nothing here' }, { signal })).toBe('No good Arxiv Result was found');
    expect(api.requests[0]!.query.max_results).toBe(String(MAX_ARXIV_RESULTS));
    expect(
      arxivQuery('x'.repeat(50), {
        topK: 1,
        maxQueryLength: 5,
        maxContentChars: 1,
        loadFullContent: false,
        continueOnFailure: false,
      }).get('search_query'),
    ).toBe('all:xxxxx');
  });

  it('reads each paper’s PDF with Load Full Content, from the same base as the API', async () => {
    const pdf = (lines: string[]) => (_request: unknown, response: ServerResponse) =>
      void response
        .writeHead(200, { 'content-type': 'application/pdf' })
        .end(Buffer.from(writeTestPdf([lines])));
    api.reply({
      '/api/query': atom(feed(PAPERS)),
      '/pdf/2401.00001v1': pdf(['Lanterns light the way.', 'Only some tokens glow.']),
      '/pdf/2401.00002v2': pdf(['Meadows are fields of grass.']),
    });
    const tool = await build({ loadFullContent: true });
    const answer = await tool.invoke({ query: 'lanterns' }, { signal });
    expect(answer.split('\n\n---\n\n')).toEqual([
      'Published: 2024-01-02\nTitle: Sparse Lanterns for Attention\nAuthors: Ada Byron, Alan Turing\nSummary: We light only the tokens & heads that matter.\n\nFull Content:\nLanterns light the way.\nOnly some tokens glow.',
      'Published: 2024-01-05\nTitle: Meadow Models\nAuthors: Grace Hopper\nSummary: Grass grows on gradients.\n\nFull Content:\nMeadows are fields of grass.',
    ]);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/query', '/pdf/2401.00001v1', '/pdf/2401.00002v2']);
  });

  it('fails a full-content search on an unreadable PDF, or keeps the abstract with Continue On Failure', async () => {
    api.reply({
      '/api/query': atom(feed(PAPERS.slice(0, 1))),
      '/pdf/2401.00001v1': { text: 'not a pdf at all', contentType: 'application/pdf' },
    });
    await expect((await build({ loadFullContent: true })).invoke({ query: 'x' }, { signal })).rejects.toThrow(
      /^Arxiv could not load the paper "Sparse Lanterns for Attention": 2401\.00001v1\.pdf is not a readable PDF/,
    );
    const lenient = await build({ loadFullContent: true, continueOnFailure: true });
    expect(await lenient.invoke({ query: 'x' }, { signal })).toMatch(
      /Summary: We light only the tokens & heads that matter\.\n\n\[ERROR: Could not load full content - 2401\.00001v1\.pdf is not a readable PDF/,
    );
  });

  it('turns arXiv errors, garbage and oversized answers into messages naming Arxiv', async () => {
    const tool = await build();
    api.reply({ '/api/query': { status: 503, text: 'Retry later' } });
    await expect(tool.invoke({ query: 'x' }, { signal })).rejects.toThrow(
      'Arxiv failed to answer (HTTP 503 Service Unavailable): Retry later. Try again later.',
    );
    api.reply({
      '/api/query': atom(
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error</title><summary>incorrect id format for 1234</summary></entry></feed>',
      ),
    });
    await expect(tool.invoke({ query: 'x' }, { signal })).rejects.toThrow(
      'Arxiv refused the search: incorrect id format for 1234',
    );
    api.reply({ '/api/query': { json: { hello: 'world' } } });
    await expect(tool.invoke({ query: 'x' }, { signal })).rejects.toThrow(
      'Arxiv did not answer with an Atom feed (application/json): {"hello":"world"}',
    );
    api.reply({ '/api/query': endlessReply('<feed>', 3 * 1024 * 1024).reply });
    await expect(tool.invoke({ query: 'x' }, { signal })).rejects.toThrow(/^Arxiv answered more than 2 MB/);
    await expect(tool.invoke({ query: '  ' }, { signal })).rejects.toThrow('Arxiv needs a query');
  });

  it('goes through the guarded client, to export.arxiv.org unless the operator set a base URL', async () => {
    const seen: string[] = [];
    const refusing: GuardedFetch = (url) => {
      seen.push(url);
      return Promise.reject(new Error('the address 127.0.0.1 is not allowed'));
    };
    await expect((await build({}, refusing)).invoke({ query: 'x' }, { signal })).rejects.toThrow(
      'Arxiv could not be reached: the address 127.0.0.1 is not allowed',
    );
    const ctx = nodeContext(arxiv, { services: { http: refusing, providerBaseUrls: {} } });
    await expect(
      ((await arxiv.init!(ctx)) as ToolHandle).invoke({ query: 'x' }, { signal }),
    ).rejects.toThrow();
    expect(seen.at(-1)).toMatch(new RegExp(`^${ARXIV_API_URL}/api/query\\?search_query=all%3Ax`));
  });
});
