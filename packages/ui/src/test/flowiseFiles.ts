import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `../shared` beside the repository root (src/test → ui → packages → repository → its parent).
const SHARED = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..', 'shared');

/**
 * A real Flowise export from the shared compatibility folder (`../shared/compat/flowise/<folder>/`
 * beside the repository), parsed: tests use the files as Flowise wrote them, not copies.
 */
export function flowiseFile(folder: 'chatflows' | 'agentflows' | 'agentflowsv2', name: string): unknown {
  return JSON.parse(readFileSync(join(SHARED, 'compat', 'flowise', folder, name), 'utf8')) as unknown;
}
