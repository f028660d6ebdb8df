import type { MarketplaceTemplate } from '@flowloom/shared';

/** Filter choices of the marketplace (SHARING.md §1.3). */
export const TAG_CHOICES = ['POPULAR', 'NEW'] as const;
export const TYPE_CHOICES = ['Chatflow', 'Agentflow', 'AgentflowV2', 'Tool'] as const;
export const FRAMEWORK_CHOICES = ['Langchain', 'LlamaIndex'] as const;

export interface TemplateFilters {
  tags: readonly string[];
  types: readonly string[];
  frameworks: readonly string[];
  usecases: readonly string[];
}
export const NO_FILTERS: TemplateFilters = { tags: [], types: [], frameworks: [], usecases: [] };

/** The name a template is shown under: the file name (community) or the saved name (custom). */
export const templateTitle = (t: MarketplaceTemplate): string => t.templateName || t.name || 'Untitled';

/** A list field that may come as an array, as JSON text or as one value. */
export function listOf(value: readonly string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string' && v !== '');
    } catch {
      // Plain text, not a list.
    }
  }
  return [value];
}

/** A template's badges: `badge` split on `;`. */
export const badgesOf = (t: MarketplaceTemplate): string[] =>
  (t.badge ?? '')
    .split(';')
    .map((b) => b.trim())
    .filter(Boolean);

/** Search over the name, the description and the node categories (lower-case `query`). */
export function matchesTemplateSearch(t: MarketplaceTemplate, query: string): boolean {
  return (
    templateTitle(t).toLowerCase().includes(query) ||
    (t.description ?? '').toLowerCase().includes(query) ||
    (t.categories ?? []).some((c) => c.toLowerCase().includes(query))
  );
}

const anyOf = (chosen: readonly string[], values: readonly string[]) =>
  chosen.length === 0 || values.some((v) => chosen.includes(v));

/** The templates that pass the Tag, Type and Framework filters (use cases aside). */
export function filterByFacets(list: readonly MarketplaceTemplate[], filters: TemplateFilters) {
  return list.filter(
    (t) =>
      anyOf(
        filters.tags,
        badgesOf(t).map((b) => b.toUpperCase()),
      ) &&
      anyOf(filters.types, [t.type]) &&
      anyOf(filters.frameworks, listOf(t.framework)),
  );
}

/** Every filter applied: a template matches when it has any of the chosen use cases. */
export function filterTemplates(list: readonly MarketplaceTemplate[], filters: TemplateFilters) {
  return filterByFacets(list, filters).filter((t) => anyOf(filters.usecases, listOf(t.usecases)));
}

/**
 * The use cases to offer (all of the list's, sorted) and those present among the templates the
 * other filters leave (the rest are shown disabled).
 */
export function usecaseChoices(list: readonly MarketplaceTemplate[], filters: TemplateFilters) {
  const all = [...new Set(list.flatMap((t) => listOf(t.usecases)))].sort((a, b) => a.localeCompare(b));
  const available = new Set(filterByFacets(list, filters).flatMap((t) => listOf(t.usecases)));
  return { all, available };
}

export const hasFilters = (f: TemplateFilters) =>
  f.tags.length + f.types.length + f.frameworks.length + f.usecases.length > 0;

interface TemplateNode {
  name: string;
  label: string;
  category?: string;
}

/** The distinct node types of a flow template (sticky notes left out), in flow order. */
export function templateNodes(flowData: string | undefined): TemplateNode[] {
  if (!flowData) return [];
  try {
    const parsed = JSON.parse(flowData) as { nodes?: { type?: string; data?: Partial<TemplateNode> }[] };
    const seen = new Map<string, TemplateNode>();
    for (const node of parsed.nodes ?? []) {
      const data = node.data;
      if (!data?.name || node.type === 'stickyNote' || /^stickyNote/.test(data.name)) continue;
      if (!seen.has(data.name))
        seen.set(data.name, { name: data.name, label: data.label ?? data.name, category: data.category });
    }
    return [...seen.values()];
  } catch {
    return [];
  }
}

/** Where a flow template opens for preview: `/v2/marketplace/:id` for v2 agentflows. */
export const previewPath = (t: MarketplaceTemplate) =>
  t.type === 'AgentflowV2' ? `/v2/marketplace/${t.id}` : `/marketplace/${t.id}`;

/**
 * The canvas a template is used on (SHARING.md §1.4): the v2 agent canvas for AgentflowV2, the
 * agent canvas for multi-agent templates (or nodes of those categories), else the chatflow canvas.
 */
export function canvasPathFor(t: MarketplaceTemplate): string {
  if (t.type === 'AgentflowV2') return '/v2/agentcanvas';
  const agentNodes = templateNodes(t.flowData).some(
    (n) => n.category === 'Multi Agents' || n.category === 'Sequential Agents',
  );
  return t.type === 'Agentflow' || agentNodes ? '/agentcanvas' : '/canvas';
}

/** The permission "Use Template" needs on that canvas. */
export const createPermissionFor = (path: string) =>
  path === '/canvas' ? 'chatflows:create' : 'agentflows:create';

/** Router state a canvas reads a template from (Flowise's `templateFlowData`). */
export interface TemplateRouteState {
  templateFlowData: string;
}

/** The template flow text of router state, when it holds a flow (`"nodes":[` and `],"edges":[`). */
export function templateFlowDataOf(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const text = (state as Partial<TemplateRouteState>).templateFlowData;
  if (typeof text !== 'string') return undefined;
  return text.includes('"nodes":[') && text.includes('],"edges":[') ? text : undefined;
}
