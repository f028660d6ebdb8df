import { readFileSync } from 'node:fs';

/** The server package version (same file next to `src/` and to the `dist/` bundle). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
