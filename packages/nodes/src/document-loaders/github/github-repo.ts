import type { EngineLogger, GuardedFetch } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import ignore from 'ignore';
import { endpointUrl } from '../../tools/search-api.js';
import { decodeText } from '../loader.js';
import { sizeText } from '../size.js';
import { fetchBytes, type FetchedBytes } from '../web.js';

/** Largest file loaded; bigger ones are left out (and logged). */
export const MAX_GITHUB_FILE_BYTES = 2 * 1024 * 1024;
/** Most a load may read in all, and how many files. */
export const MAX_GITHUB_TOTAL_BYTES = 50 * 1024 * 1024;
export const MAX_GITHUB_FILES = 2_000;
/** Largest folder listing read (GitHub lists at most 1,000 entries a folder). */
const MAX_LISTING_BYTES = 5 * 1024 * 1024;
/** The first wait before a retry; it doubles each time. */
export const RETRY_DELAY_MS = 250;

/** Files never loaded as text: pictures, media, archives, fonts, office files, compiled code. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp tif tiff psd heic avif ' +
    'mp3 mp4 m4a wav ogg oga flac aac avi mov mkv webm wmv ' +
    'zip gz tgz tar bz2 xz 7z rar jar war ear zst lz4 ' +
    'woff woff2 ttf otf eot ' +
    'pdf doc docx xls xlsx ppt pptx odt ods odp ' +
    'exe dll so dylib bin o a lib class pyc pyo wasm node ' +
    'db sqlite sqlite3 lockb pkl npy npz parquet h5 onnx pt ckpt safetensors dat'
  ).split(' '),
);

export function isBinaryPath(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') && BINARY_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/** A repository and the folder (or file) in it to load. */
export interface RepoRef {
  owner: string;
  repo: string;
  /** The path after `/tree/<branch>/` in the link; empty for the whole repository. */
  path: string;
}

/**
 * Owner, repository and path of a Repo Link under `webBase` (`https://github.com/owner/repo`, or
 * `…/tree/<branch>/<folder>`: the branch input still names the branch, as in Flowise).
 */
export function parseRepoLink(link: string, webBase: string): RepoRef {
  const base = webBase.replace(/\/+$/, '');
  const rest = link.trim().startsWith(`${base}/`) ? link.trim().slice(base.length + 1) : undefined;
  const [owner, rawRepo, tree, , ...path] = (rest ?? '').split(/[?#]/)[0]!.split('/');
  const repo = rawRepo?.replace(/\.git$/, '');
  if (!owner || !repo || (tree !== undefined && tree !== '' && tree !== 'tree'))
    throw new Error(`Repo Link must look like ${base}/<owner>/<repository> (found "${link.slice(0, 200)}")`);
  return { owner, repo, path: path.filter(Boolean).join('/') };
}

export interface GithubClient {
  http: GuardedFetch;
  /** The API the token may go to (`https://api.github.com`, an Enterprise `/api/v3`). */
  apiBase: string;
  token: string | undefined;
  branch: string;
  maxRetries: number;
  signal: AbortSignal;
  logger: EngineLogger;
  /** How long one request may take (default: the web loaders' 30 seconds). */
  timeoutMs?: number;
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/** `GET /repos/{owner}/{repo}/contents/{path}`: a folder's listing, or a file. */
function contentsPath(ref: RepoRef, path: string): string {
  const segments = [ref.owner, ref.repo, 'contents', ...path.split('/').filter(Boolean)];
  return `/repos/${segments.map(encodeURIComponent).join('/')}`;
}

function detail(answer: FetchedBytes): string {
  const text = new TextDecoder().decode(answer.bytes.slice(0, 2_000));
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string') return `: ${message.slice(0, 300)}`;
  } catch {
    // not GitHub's JSON error: the status says enough
  }
  return '';
}

/** A failed answer as a sentence a builder can act on. */
function githubError(client: GithubClient, answer: FetchedBytes, what: string, headers: Headers): Error {
  const status = `HTTP ${answer.status}${detail(answer)}`;
  if (answer.status === 401)
    return new Error(
      `GitHub refused the access token (${status}); check the token in the Github API credential`,
    );
  if ((answer.status === 403 || answer.status === 429) && headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    const at = Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : '';
    return new Error(
      `GitHub's rate limit is used up${at}${client.token ? '' : '; a Github API credential gives a higher limit'}`,
    );
  }
  if (answer.status === 404)
    return new Error(
      `GitHub found nothing at ${what} (${status})${client.token ? '' : '; a private repository needs a Github API credential'}`,
    );
  return new Error(`GitHub failed to give ${what} (${status})`);
}

/** One API request, retried (with a doubling wait) when GitHub is unreachable, busy or failing. */
async function githubRequest(
  client: GithubClient,
  path: string,
  accept: string,
  maxBytes: number,
  what: string,
): Promise<Uint8Array> {
  const url = endpointUrl(client.apiBase, path);
  url.searchParams.set('ref', client.branch);
  let headers = new Headers();
  const http: GuardedFetch = async (target, init) => {
    const response = await client.http(target, init);
    headers = response.headers;
    return response;
  };
  for (let attempt = 0; ; attempt++) {
    let answer: FetchedBytes | undefined;
    let failure: unknown;
    try {
      answer = await fetchBytes(http, url.toString(), {
        signal: client.signal,
        maxBytes,
        ...(client.timeoutMs !== undefined && { timeoutMs: client.timeoutMs }),
        headers: {
          accept,
          'user-agent': 'Flowloom',
          'x-github-api-version': '2022-11-28',
          ...(client.token && { authorization: `Bearer ${client.token}` }),
        },
      });
    } catch (error) {
      client.signal.throwIfAborted();
      if ((error as Error).message.includes('larger than')) throw error;
      failure = error;
    }
    const busy =
      answer && (answer.status >= 500 || (answer.status === 429 && !headers.get('x-ratelimit-remaining')));
    if (attempt < client.maxRetries && (failure !== undefined || busy)) {
      client.logger.warn('GitHub request failed; retrying', { url: url.toString(), attempt: attempt + 1 });
      await sleep(RETRY_DELAY_MS * 2 ** attempt, client.signal);
      continue;
    }
    if (failure !== undefined)
      throw new Error(`GitHub request failed: ${(failure as Error).message}`, { cause: failure });
    if (answer!.status >= 400) throw githubError(client, answer!, what, headers);
    return answer!.bytes;
  }
}

interface Entry {
  type: string;
  path: string;
  size: number;
}

/** The entries of a folder (a file path gives that file alone). */
async function listFolder(client: GithubClient, ref: RepoRef, folder: string): Promise<Entry[]> {
  const where = `${ref.owner}/${ref.repo}${folder ? `/${folder}` : ''} on branch ${client.branch}`;
  const bytes = await githubRequest(
    client,
    contentsPath(ref, folder),
    'application/vnd.github+json',
    MAX_LISTING_BYTES,
    where,
  );
  let listing: unknown;
  try {
    listing = JSON.parse(decodeText(bytes));
  } catch {
    throw new Error(`GitHub did not answer the listing of ${where} with JSON`);
  }
  const entries = Array.isArray(listing) ? listing : [listing];
  if (
    !entries.every((e) => e && typeof (e as Entry).path === 'string' && typeof (e as Entry).type === 'string')
  )
    throw new Error(`GitHub's listing of ${where} is not a list of files`);
  return entries as Entry[];
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface LoadOptions {
  recursive: boolean;
  /** gitignore patterns of paths to leave out. */
  ignorePaths: string[];
  maxConcurrency: number;
  /** The repository's address for `metadata.repository`. */
  webBase: string;
}

/**
 * The text files of a repository folder as documents (`source`: the path, `repository`, `branch`),
 * read through GitHub's REST API only: binary files, ignored paths and files over
 * {@link MAX_GITHUB_FILE_BYTES} are left out; more than {@link MAX_GITHUB_FILES} files or
 * {@link MAX_GITHUB_TOTAL_BYTES} in all is an error saying how to narrow the load.
 */
export async function loadRepository(
  client: GithubClient,
  ref: RepoRef,
  options: LoadOptions,
): Promise<SourceDocument[]> {
  const ignored = ignore().add(options.ignorePaths);
  const files: Entry[] = [];
  let total = 0;
  const tooMuch = (what: string) =>
    new Error(
      `${ref.owner}/${ref.repo} holds more than ${what} to load; narrow it with Ignore Paths, a folder in the Repo Link (…/tree/<branch>/<folder>) or Recursive off`,
    );
  let folders = [ref.path];
  while (folders.length > 0) {
    const listings = await mapLimited(folders, options.maxConcurrency, (folder) =>
      listFolder(client, ref, folder),
    );
    folders = [];
    for (const entry of listings.flat()) {
      if (entry.type === 'dir') {
        if (options.recursive && !ignored.ignores(`${entry.path}/`)) folders.push(entry.path);
        continue;
      }
      // Symbolic links and submodules point elsewhere: they are not the repository's files.
      if (entry.type !== 'file' || isBinaryPath(entry.path) || ignored.ignores(entry.path)) continue;
      if (entry.size > MAX_GITHUB_FILE_BYTES) {
        client.logger.warn('GitHub file left out: too large', { path: entry.path, size: entry.size });
        continue;
      }
      files.push(entry);
      total += entry.size;
      if (files.length > MAX_GITHUB_FILES) throw tooMuch(`${MAX_GITHUB_FILES.toLocaleString('en')} files`);
      if (total > MAX_GITHUB_TOTAL_BYTES) throw tooMuch(sizeText(MAX_GITHUB_TOTAL_BYTES));
    }
  }
  const repository = `${options.webBase.replace(/\/+$/, '')}/${ref.owner}/${ref.repo}`;
  const documents = await mapLimited(
    files,
    options.maxConcurrency,
    async (file): Promise<SourceDocument | undefined> => {
      const bytes = await githubRequest(
        client,
        contentsPath(ref, file.path),
        'application/vnd.github.raw+json',
        MAX_GITHUB_FILE_BYTES,
        `${ref.owner}/${ref.repo}/${file.path} on branch ${client.branch}`,
      );
      // A file whose name does not tell (no extension, an unusual one) is still left out if it is binary.
      if (bytes.subarray(0, 8_000).includes(0)) return undefined;
      return {
        pageContent: decodeText(bytes),
        metadata: { source: file.path, repository, branch: client.branch },
      };
    },
  );
  return documents.filter((doc): doc is SourceDocument => doc !== undefined);
}
