import type { NodeDefinition, ParamOption } from '@flowloom/shared';

/** A component's own form as a `loadConfig` input stores it (`<param>Config`). */
export type ComponentConfig = Record<string, unknown>;

/** The catalogue categories each component load method lists (AGENTFLOW_V2.md §1.2, §1.3, §1.10). */
const CATEGORIES: Record<string, readonly string[]> = {
  listModels: ['Chat Models'],
  listTools: ['Tools', 'Tools (MCP)'],
  listEmbeddings: ['Embeddings'],
  listVectorStores: ['Vector Stores'],
};

/**
 * A fresh `<param>Config` for `component`: its defaults and, under the param's own name, the
 * component's name (as Flowise stores it, e.g. `{ agentSelectedTool: 'calculator' }`).
 */
export function componentConfigFor(
  paramName: string,
  component: NodeDefinition | undefined,
): ComponentConfig {
  const config: ComponentConfig = {};
  for (const input of component?.inputs ?? []) config[input.name] = input.default ?? '';
  if (component) config[paramName] = component.name;
  return config;
}

/**
 * The components a `loadConfig` input offers: the server's list when it gave one, otherwise the
 * node types of the matching catalogue category (the same list, known locally), plus the current
 * choice if neither has it (a flow from elsewhere keeps showing what it uses).
 */
export function componentChoices(
  loaded: readonly ParamOption[] | null,
  loadMethod: string | undefined,
  definitions: readonly NodeDefinition[],
  chosen: string,
): ParamOption[] {
  const categories = CATEGORIES[loadMethod ?? ''] ?? [];
  const catalogue = definitions
    .filter((item) => categories.includes(item.category) && !item.tags?.includes('LlamaIndex'))
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((item) => ({ label: item.label, name: item.name }));
  const list: ParamOption[] = loaded && loaded.length > 0 ? [...loaded] : catalogue;
  if (chosen && !list.some((option) => option.name === chosen))
    list.push({ label: definitions.find((item) => item.name === chosen)?.label ?? chosen, name: chosen });
  return list;
}
