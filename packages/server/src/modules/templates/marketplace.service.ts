import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateCategories, type MarketplaceTemplate } from '@flowloom/shared';

/** The folders served, with the type their templates get (SHARING.md §1.1). */
const FOLDERS = [
  { folder: 'chatflows', type: 'Chatflow' },
  { folder: 'agentflows', type: 'Agentflow' },
  { folder: 'agentflowsv2', type: 'AgentflowV2' },
  { folder: 'tools', type: 'Tool' },
] as const;

/** Type order of the list: agentflows (V2, then V1) first, tools last, chatflows between. */
const TYPE_RANK: Record<string, number> = { AgentflowV2: 0, Agentflow: 1, Chatflow: 2, Tool: 3 };

interface FlowFile {
  description?: string;
  usecases?: string[];
  framework?: string[];
  badge?: string;
  nodes: unknown[];
  edges: unknown[];
}
interface ToolFile {
  name: string;
  description?: string;
  color?: string;
  iconSrc?: string;
  schema?: string;
  func?: string;
  usecases?: string[];
  framework?: string[];
  badge?: string;
}

/**
 * The `marketplaces` folder shipped beside the server: next to `src/` when run from source, next to
 * `dist/` (or one level up from a chunk) when run from the bundle.
 */
export function findMarketplacesDir(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'marketplaces');
    if (existsSync(join(candidate, 'chatflows'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/**
 * A stable id for a community template: a UUID-shaped hash of its type and file name, so a preview
 * link (`/marketplace/:id`) still finds it after a reload (Flowise draws a new random id per call).
 */
export function communityTemplateId(type: string, templateName: string): string {
  const hex = createHash('sha1').update(`flowloom-template:${type}:${templateName}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The community templates: our own template files, read from disk on each call as Flowise does. */
export function createMarketplaceService({ dir }: { dir: string | undefined }) {
  async function readFolder(folder: string): Promise<{ templateName: string; text: string }[]> {
    if (!dir) return [];
    const path = join(dir, folder);
    if (!existsSync(path)) return [];
    const names = (await readdir(path)).filter((name) => name.endsWith('.json')).sort();
    return Promise.all(
      names.map(async (name) => ({
        templateName: name.slice(0, -'.json'.length),
        text: await readFile(join(path, name), 'utf8'),
      })),
    );
  }

  return {
    async list(): Promise<MarketplaceTemplate[]> {
      const templates: MarketplaceTemplate[] = [];
      for (const { folder, type } of FOLDERS) {
        for (const { templateName, text } of await readFolder(folder)) {
          const id = communityTemplateId(type, templateName);
          if (type === 'Tool') {
            const file = JSON.parse(text) as ToolFile;
            templates.push({
              id,
              templateName,
              type,
              name: file.name,
              description: file.description ?? '',
              color: file.color ?? '',
              iconSrc: file.iconSrc ?? '',
              schema: file.schema ?? '[]',
              func: file.func ?? '',
              framework: file.framework ?? [],
              badge: file.badge ?? '',
              usecases: file.usecases ?? [],
              categories: [],
            });
          } else {
            const file = JSON.parse(text) as FlowFile;
            templates.push({
              id,
              templateName,
              flowData: text,
              badge: file.badge ?? '',
              framework: file.framework ?? [],
              usecases: file.usecases ?? [],
              categories: templateCategories(text),
              type,
              description: file.description ?? '',
            });
          }
        }
      }
      return templates.sort(
        (a, b) =>
          (TYPE_RANK[a.type] ?? 1) - (TYPE_RANK[b.type] ?? 1) ||
          (a.templateName ?? '').localeCompare(b.templateName ?? ''),
      );
    },
  };
}
export type MarketplaceService = ReturnType<typeof createMarketplaceService>;
