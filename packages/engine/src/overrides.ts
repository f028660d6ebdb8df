import type { FlowNodeData } from '@flowloom/shared';

/** The owner's override switches (`chatflow.apiConfig.overrideConfig`, FLOWISE_API.md §1.5). */
export interface OverrideSettings {
  status?: boolean;
  nodes?: Record<string, { name: string; enabled?: boolean }[]>;
  variables?: { name: string; enabled?: boolean }[];
}

export function parseOverrideSettings(apiConfig: string | null | undefined): OverrideSettings | undefined {
  if (!apiConfig) return undefined;
  try {
    const parsed = JSON.parse(apiConfig) as { overrideConfig?: OverrideSettings };
    return parsed.overrideConfig;
  } catch {
    return undefined;
  }
}

const RESERVED = new Set(['vars', 'sessionId', 'analytics', 'startState']);

function coerce(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function merge(current: unknown, incoming: unknown): unknown {
  const value = coerce(incoming);
  if (Array.isArray(value)) {
    if (Array.isArray(current))
      return [...new Set<unknown>([...(current as unknown[]), ...(value as unknown[])])];
    return value;
  }
  if (value && typeof value === 'object') {
    if (current && typeof current === 'object' && !Array.isArray(current)) return { ...current, ...value };
    if (typeof current === 'string') {
      try {
        const parsed = JSON.parse(current) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return JSON.stringify({ ...parsed, ...value });
      } catch {
        // not JSON text: replaced below
      }
    }
  }
  return value;
}

/**
 * Applies a request's `overrideConfig` to one node's inputs, only for inputs the owner enabled for
 * that node's label. `{input: value}` targets every such node; `{input: {nodeId: value}}` one node.
 */
export function applyOverrides(
  node: FlowNodeData,
  inputs: Record<string, unknown>,
  overrideConfig: Record<string, unknown> | undefined,
  settings: OverrideSettings | undefined,
  /** Ids of the flow's nodes: an object value keyed by them targets single nodes. */
  nodeIds: ReadonlySet<string>,
): Record<string, unknown> {
  if (!overrideConfig || settings?.status !== true) return inputs;
  const enabled = new Set(
    (settings.nodes?.[node.label] ?? []).filter((p) => p.enabled !== false).map((p) => p.name),
  );
  if (enabled.size === 0) return inputs;
  const out = { ...inputs };
  for (const [name, raw] of Object.entries(overrideConfig)) {
    if (RESERVED.has(name) || !enabled.has(name)) continue;
    const keys = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
    const perNode =
      keys.length > 0 && keys.every((key) => nodeIds.has(key)) ? (raw as Record<string, unknown>) : undefined;
    if (perNode && node.id in perNode) out[name] = merge(out[name], perNode[node.id]);
    else if (!perNode) out[name] = merge(out[name], raw);
  }
  return out;
}

/** `$vars` for the run: workspace variables, then request `vars` for variables the owner enabled. */
export function applyVariableOverrides(
  vars: Record<string, string>,
  overrideConfig: Record<string, unknown> | undefined,
  settings: OverrideSettings | undefined,
): Record<string, string> {
  const requested = overrideConfig?.vars;
  if (!requested || typeof requested !== 'object' || settings?.status !== true) return vars;
  const enabled = new Set((settings.variables ?? []).filter((v) => v.enabled !== false).map((v) => v.name));
  const out = { ...vars };
  for (const [name, value] of Object.entries(requested as Record<string, unknown>)) {
    // Unknown names are added (Flowise); known ones only when enabled.
    if (!(name in vars) || enabled.has(name))
      out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}
