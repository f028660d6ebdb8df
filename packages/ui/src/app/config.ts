/** Build-time settings (Vite `VITE_*` variables) with their defaults. */
const env = import.meta.env as Record<string, string | undefined>;

function setting(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export const PROJECT_REPO_URL = setting('VITE_PROJECT_REPO_URL', 'https://github.com/flowloom/flowloom');
/** Public code-hosting API answering `{stargazers_count, html_url}`. */
export const STAR_COUNT_URL = setting(
  'VITE_STAR_COUNT_URL',
  'https://api.github.com/repos/flowloom/flowloom',
);
/** Latest release: `{name, html_url, published_at}`. */
export const RELEASES_URL = setting(
  'VITE_RELEASES_URL',
  'https://api.github.com/repos/flowloom/flowloom/releases/latest',
);
export const DOCS_URL = setting('VITE_DOCS_URL', 'https://github.com/flowloom/flowloom#readme');
/** Time allowed to external (internet) endpoints before giving up quietly. */
export const EXTERNAL_TIMEOUT_MS = 6000;
