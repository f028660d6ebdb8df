import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceDocument } from '@flowloom/shared';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi, type ReceivedRequest } from '../../tools/fake-api.js';
import { github } from './github.js';
import { loadRepository, MAX_GITHUB_FILE_BYTES, MAX_GITHUB_FILES, parseRepoLink } from './github-repo.js';

/** The files of the fake repository acme/docs on branch main: text, or a size the listing claims. */
const FILES: Record<string, string | { size: number; type?: string }> = {
  'README.md': '# Acme docs\nWelcome.',
  'logo.png': 'not really a picture',
  notes: 'binary\u0000content',
  'big.log': { size: MAX_GITHUB_FILE_BYTES + 1 },
  latest: { size: 10, type: 'symlink' },
  'guide/intro.md': 'Start here.',
  'guide/deep/more.md': 'Deeper still.',
  'vendor/lib.js': 'module.exports = 1;',
};

let api: FakeApi;
/** Replies the fake gives instead of the repository, by path, once each. */
const trouble = new Map<string, { status: number; body: string; headers?: Record<string, string> }[]>();

function listing(folder: string): unknown[] {
  const prefix = folder ? `${folder}/` : '';
  const names = new Map<string, { type: string; path: string; size: number }>();
  for (const [path, content] of Object.entries(FILES)) {
    if (!path.startsWith(prefix)) continue;
    const [first, ...rest] = path.slice(prefix.length).split('/');
    const own = `${prefix}${first}`;
    if (rest.length > 0) names.set(own, { type: 'dir', path: own, size: 0 });
    else
      names.set(own, {
        type: typeof content === 'string' ? 'file' : (content.type ?? 'file'),
        path: own,
        size: typeof content === 'string' ? Buffer.byteLength(content) : content.size,
      });
  }
  return [...names.values()].map((entry) => ({ ...entry, name: entry.path.split('/').pop(), sha: 'abc' }));
}

function fakeGithub(request: ReceivedRequest, response: ServerResponse) {
  const queued = trouble.get(request.path)?.shift();
  if (queued) return void response.writeHead(queued.status, queued.headers).end(queued.body);
  const match = /^\/repos\/acme\/docs\/contents\/?(.*)$/.exec(request.path);
  const notFound = () =>
    void response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  if (!match || request.query.ref !== 'main') return notFound();
  const path = decodeURIComponent(match[1]!);
  const file = FILES[path];
  if (typeof file === 'string' && request.headers.accept === 'application/vnd.github.raw+json')
    return void response.writeHead(200, { 'content-type': 'application/vnd.github.raw' }).end(file);
  const entries = listing(path);
  if (entries.length === 0) return notFound();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(entries));
}

beforeAll(async () => {
  api = await startFakeApi();
  api.reply(fakeGithub);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  trouble.clear();
});

async function load(
  inputs: Record<string, unknown> = {},
  credential: Record<string, unknown> = {},
  outputName?: string,
) {
  const ctx = nodeContext(github, {
    inputs: { repoLink: 'https://github.com/acme/docs', githubInstanceApi: api.url, ...inputs },
    credential,
    services: { http: plainFetch },
  });
  return github.init!({ ...ctx, outputName }) as Promise<SourceDocument[] | string>;
}
const sources = (docs: unknown) => (docs as SourceDocument[]).map((d) => d.metadata.source);

describe('Github loader', () => {
  it('loads every text file of the repository through the API, walking folders by default', async () => {
    const docs = (await load()) as SourceDocument[];
    expect(docs).toContainEqual({
      pageContent: '# Acme docs\nWelcome.',
      metadata: { source: 'README.md', repository: 'https://github.com/acme/docs', branch: 'main' },
    });
    // Pictures, binary content, files over the limit and symbolic links are left out.
    expect(sources(docs).sort()).toEqual([
      'README.md',
      'guide/deep/more.md',
      'guide/intro.md',
      'vendor/lib.js',
    ]);
    for (const request of api.requests) {
      expect(request.path).toMatch(/^\/repos\/acme\/docs\/contents/);
      expect(request.headers).toMatchObject({ 'user-agent': 'Flowloom' });
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(api.requests.some((r) => r.path.endsWith('/big.log') || r.path.endsWith('/logo.png'))).toBe(false);
  });

  it('follows Recursive, Ignore Paths and a folder in the link', async () => {
    expect(sources(await load({ recursive: false }))).toEqual(['README.md']);
    expect(sources(await load({ ignorePath: '["guide/deep/", "*.js"]' })).sort()).toEqual([
      'README.md',
      'guide/intro.md',
    ]);
    expect(
      sources(await load({ repoLink: 'https://github.com/acme/docs/tree/main/guide', recursive: false })),
    ).toEqual(['guide/intro.md']);
  });

  it('adds metadata, omits keys and answers text like other loaders', async () => {
    const docs = (await load({
      repoLink: 'https://github.com/acme/docs/tree/main/guide/deep',
      metadata: '{"team": "docs"}',
      omitMetadataKeys: 'branch, repository',
    })) as SourceDocument[];
    expect(docs).toEqual([
      { pageContent: 'Deeper still.', metadata: { source: 'guide/deep/more.md', team: 'docs' } },
    ]);
    expect(
      await load({ repoLink: 'https://github.com/acme/docs/tree/main/guide', recursive: false }, {}, 'text'),
    ).toBe('Start here.');
  });

  it("sends a credential's token only to the API the credential names", async () => {
    await load({}, { accessToken: 'ghp_secret', baseUrl: api.url });
    expect(api.requests.length).toBeGreaterThan(0);
    for (const request of api.requests) expect(request.headers.authorization).toBe('Bearer ghp_secret');
    api.requests.length = 0;
    // The same API typed into the flow, but the credential says nothing: its token stays with GitHub.
    await expect(load({}, { accessToken: 'ghp_secret' })).rejects.toThrow(
      `the Base URL ${api.url} of this node is not where its credential may be sent (https://api.github.com)`,
    );
    expect(api.requests).toHaveLength(0);
  });

  it('says what GitHub refused: unknown repository or branch, token, rate limit, failures', async () => {
    await expect(load({ repoLink: 'https://github.com/acme/missing' })).rejects.toThrow(
      'GitHub found nothing at acme/missing on branch main (HTTP 404: Not Found); a private repository needs a Github API credential',
    );
    await expect(load({ branch: 'dev' })).rejects.toThrow('GitHub found nothing at acme/docs on branch dev');
    trouble.set('/repos/acme/docs/contents', [{ status: 401, body: '{"message":"Bad credentials"}' }]);
    await expect(load({}, { accessToken: 'ghp_old', baseUrl: api.url })).rejects.toThrow(
      'GitHub refused the access token (HTTP 401: Bad credentials); check the token in the Github API credential',
    );
    trouble.set('/repos/acme/docs/contents', [
      {
        status: 403,
        body: '{"message":"API rate limit exceeded"}',
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1767225600' },
      },
    ]);
    await expect(load()).rejects.toThrow(
      "GitHub's rate limit is used up until 2026-01-01T00:00:00.000Z; a Github API credential gives a higher limit",
    );
    trouble.set('/repos/acme/docs/contents', [{ status: 200, body: '<html>sign in</html>' }]);
    await expect(load()).rejects.toThrow(
      'GitHub did not answer the listing of acme/docs on branch main with JSON',
    );
  });

  it('retries a failing GitHub, then gives up naming the file', async () => {
    trouble.set('/repos/acme/docs/contents/README.md', [{ status: 502, body: 'bad gateway' }]);
    expect(sources(await load({ recursive: false, maxRetries: 1 }))).toEqual(['README.md']);
    trouble.set('/repos/acme/docs/contents/README.md', [
      { status: 500, body: '{"message":"Server Error"}' },
      { status: 500, body: '{"message":"Server Error"}' },
    ]);
    await expect(load({ recursive: false, maxRetries: 1 })).rejects.toThrow(
      'GitHub failed to give acme/docs/README.md on branch main (HTTP 500: Server Error)',
    );
  });

  it('refuses bad inputs with messages naming them', async () => {
    await expect(load({ repoLink: 'https://gitlab.com/acme/docs' })).rejects.toThrow(
      'Repo Link must look like https://github.com/<owner>/<repository>',
    );
    await expect(load({ ignorePath: '*.md' })).rejects.toThrow('Ignore Paths must be a JSON list of paths');
    await expect(load({ maxConcurrency: 50 })).rejects.toThrow(
      'Max Concurrency must be a whole number from 1 to 10',
    );
    await expect(load({ repoLink: '' })).rejects.toThrow('Repo Link is required');
    expect(parseRepoLink('https://git.example.com/team/app.git', 'https://git.example.com/')).toEqual({
      owner: 'team',
      repo: 'app',
      path: '',
    });
  });
});

describe('Github loader limits', () => {
  const client = (timeoutMs?: number) => ({
    http: plainFetch,
    apiBase: api.url,
    token: undefined,
    branch: 'main',
    maxRetries: 0,
    signal: new AbortController().signal,
    logger: { debug() {}, warn() {}, error() {} },
    ...(timeoutMs !== undefined && { timeoutMs }),
  });
  const options = { recursive: true, ignorePaths: [], maxConcurrency: 2, webBase: 'https://github.com' };

  it('refuses a repository with too many files or too many bytes, saying how to narrow it', async () => {
    const many = Array.from({ length: MAX_GITHUB_FILES + 1 }, (_, i) => ({
      type: 'file',
      path: `f${i}.txt`,
      size: 1,
    }));
    trouble.set('/repos/acme/docs/contents', [{ status: 200, body: JSON.stringify(many) }]);
    await expect(
      loadRepository(client(), { owner: 'acme', repo: 'docs', path: '' }, options),
    ).rejects.toThrow(
      'acme/docs holds more than 2,000 files to load; narrow it with Ignore Paths, a folder in the Repo Link (…/tree/<branch>/<folder>) or Recursive off',
    );
    const heavy = Array.from({ length: 30 }, (_, i) => ({
      type: 'file',
      path: `f${i}.txt`,
      size: MAX_GITHUB_FILE_BYTES,
    }));
    trouble.set('/repos/acme/docs/contents', [{ status: 200, body: JSON.stringify(heavy) }]);
    await expect(
      loadRepository(client(), { owner: 'acme', repo: 'docs', path: '' }, options),
    ).rejects.toThrow('acme/docs holds more than 50 MB to load');
  });

  it('gives up on a GitHub that does not answer in time', async () => {
    api.reply(() => undefined); // never answers
    try {
      await expect(
        loadRepository(client(200), { owner: 'acme', repo: 'docs', path: '' }, options),
      ).rejects.toThrow(/^GitHub request failed: .*did not answer within 0\.2 seconds/);
    } finally {
      api.reply(fakeGithub);
    }
  });
});
