import type { NodeContext } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { modelEndpoint } from '../../chat-models/shared-inputs.js';
import { loaderIcon, loaderNode } from '../loader.js';
import { isWebUrl } from '../web.js';
import { loadRepository, parseRepoLink } from './github-repo.js';

export const GITHUB_WEB_URL = 'https://github.com';
export const GITHUB_API_URL = 'https://api.github.com';
const MAX_CONCURRENCY = 10;
const MAX_RETRIES = 5;
const MAX_IGNORE_PATTERNS = 500;

/** Ignore Paths: a JSON list of gitignore patterns (`["*.md", "tests/"]`). */
function ignorePaths(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      throw new Error('Ignore Paths must be a JSON list of paths, e.g. ["*.md", "tests/"]');
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
    throw new Error('Ignore Paths must be a JSON list of paths, e.g. ["*.md", "tests/"]');
  if (list.length > MAX_IGNORE_PATTERNS)
    throw new Error(`Ignore Paths holds ${list.length} paths; at most ${MAX_IGNORE_PATTERNS} are allowed`);
  return list.map((item) => item.trim()).filter(Boolean);
}

function webBaseOf(value: unknown): string {
  const base = stringInput(value)?.replace(/\/+$/, '') ?? GITHUB_WEB_URL;
  if (!isWebUrl(base)) throw new Error(`Github Base URL "${base}" is not an http(s) URL`);
  return base;
}

/** A whole number input within 1…max, or its default. */
function countInput(value: unknown, fallback: number, max: number, label: string, min = 1): number {
  const n = numberInput(value);
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${label} must be a whole number from ${min} to ${max}`);
  return n;
}

async function loadGithub(ctx: NodeContext) {
  const { inputs } = ctx;
  const repoLink = stringInput(inputs.repoLink);
  if (!repoLink) throw new Error('Repo Link is required, e.g. https://github.com/<owner>/<repository>');
  const webBase = webBaseOf(inputs.githubBaseUrl);
  const ref = parseRepoLink(repoLink, webBase);
  const branch = stringInput(inputs.branch) ?? 'main';
  if (branch.length > 255 || /[\s~^:?*[\\]/.test(branch))
    throw new Error(`Branch "${branch.slice(0, 80)}" is not a branch name`);
  const credential = await ctx.credential();
  const token = stringInput(credential.accessToken);
  // The token goes only to the API its credential names (or GitHub's own): a Github Instance API
  // typed into the flow must be that same one.
  const apiBase =
    modelEndpoint(ctx, {
      provider: 'github',
      typed: stringInput(inputs.githubInstanceApi),
      credential,
      secretField: 'accessToken',
      defaultBase: GITHUB_API_URL,
    }) ?? GITHUB_API_URL;
  if (!isWebUrl(apiBase)) throw new Error(`Github Instance API "${apiBase}" is not an http(s) URL`);
  return loadRepository(
    {
      http: ctx.run.services.http,
      apiBase,
      token,
      branch,
      maxRetries: countInput(inputs.maxRetries, 2, MAX_RETRIES, 'Max Retries', 0),
      signal: ctx.run.signal,
      logger: ctx.run.services.logger,
    },
    ref,
    {
      // Flowise leaves an untouched Recursive to LangChain's loader, which then walks every folder.
      recursive: booleanInput(inputs.recursive, true),
      ignorePaths: ignorePaths(inputs.ignorePath),
      maxConcurrency: countInput(inputs.maxConcurrency, 2, MAX_CONCURRENCY, 'Max Concurrency'),
      webBase,
    },
  );
}

/**
 * Loads the text files of a GitHub repository (or one folder of it) through GitHub's REST API: one
 * document per file, with its path as `source`. A Github API credential's token is sent only to the
 * API the credential allows.
 */
export const github = loaderNode({
  label: 'Github',
  name: 'github',
  version: 3,
  description: 'Loads the text files of a GitHub repository',
  icon: loaderIcon('GH', '#24292f'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    description: 'Only needed for private repositories (and a higher rate limit)',
    optional: true,
    credentialNames: ['githubApi'],
  },
  inputs: [
    {
      label: 'Repo Link',
      name: 'repoLink',
      type: 'string',
      placeholder: 'https://github.com/owner/repository',
    },
    { label: 'Branch', name: 'branch', type: 'string', default: 'main' },
    { label: 'Recursive', name: 'recursive', type: 'boolean', optional: true },
    {
      label: 'Max Concurrency',
      name: 'maxConcurrency',
      type: 'number',
      step: 1,
      description: `Files read at once (default 2, at most ${MAX_CONCURRENCY})`,
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Github Base URL',
      name: 'githubBaseUrl',
      type: 'string',
      placeholder: 'https://git.example.com',
      description: 'The web address of a GitHub Enterprise server, which the Repo Link starts with',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Github Instance API',
      name: 'githubInstanceApi',
      type: 'string',
      placeholder: 'https://api.github.com',
      description:
        "The API of a GitHub Enterprise server (https://git.example.com/api/v3); with a credential it must be the credential's Base URL",
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Ignore Paths',
      name: 'ignorePath',
      type: 'string',
      rows: 4,
      description: 'A JSON list of paths to leave out, in .gitignore style',
      placeholder: '["*.md"]',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Max Retries',
      name: 'maxRetries',
      type: 'number',
      step: 1,
      description: `Retries of a request GitHub failed, each after a longer wait (default 2, at most ${MAX_RETRIES})`,
      optional: true,
      additionalParams: true,
    },
  ],
  load: loadGithub,
});
