/**
 * The owner's override switches of a flow, `apiConfig.overrideConfig` (FLOWISE_API.md §1.5): which
 * node inputs (by node label) and which variables an API caller may override. The engine applies a
 * request's `overrideConfig` only through these; the override table of the Configuration and API
 * dialogs reads and writes them. Their stored shape is checked with the `apiConfig` column
 * (flow-settings.ts).
 */
import type { FlowConfigParam } from '../chat.js';
import type { SnippetField } from './api-snippets.js';

/** One node input a caller may override (stored under its node's label). */
export interface OverrideParamSetting {
  label: string;
  name: string;
  type: string;
  schema?: Record<string, string>;
  enabled: boolean;
}

/** One workspace variable a caller may override through `overrideConfig.vars`. */
export interface OverrideVariableSetting {
  id: string;
  name: string;
  type: string;
  enabled: boolean;
}

export interface OverrideConfigSettings {
  status: boolean;
  nodes?: Record<string, OverrideParamSetting[]>;
  variables?: OverrideVariableSetting[];
}

/** A variable as the override table lists it (a row of `GET /variables`). */
export interface OverridableVariable {
  id: string;
  name: string;
  type: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A flow's `apiConfig` column as an object; text that is not a JSON object counts as empty. */
export function parseApiConfig(apiConfig: string | null | undefined): Record<string, unknown> {
  if (!apiConfig) return {};
  try {
    const parsed = JSON.parse(apiConfig) as unknown;
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The override switches saved on a flow (off when none are saved). */
export function overrideSettingsOf(apiConfig: string | null | undefined): OverrideConfigSettings {
  const saved = parseApiConfig(apiConfig).overrideConfig;
  if (!isRecord(saved)) return { status: false };
  const nodes: Record<string, OverrideParamSetting[]> = {};
  if (isRecord(saved.nodes))
    for (const [label, params] of Object.entries(saved.nodes))
      if (Array.isArray(params)) nodes[label] = params.filter(isRecord).map(toParamSetting);
  const variables = Array.isArray(saved.variables)
    ? saved.variables.filter(isRecord).map((v) => ({
        id: text(v.id),
        name: text(v.name),
        type: text(v.type),
        enabled: v.enabled !== false,
      }))
    : [];
  return { status: saved.status === true, nodes, variables };
}

function toParamSetting(param: Record<string, unknown>): OverrideParamSetting {
  return {
    label: text(param.label),
    name: text(param.name),
    type: text(param.type),
    ...(isRecord(param.schema) && { schema: param.schema as Record<string, string> }),
    // The engine counts a listed input as enabled unless it says otherwise.
    enabled: param.enabled !== false,
  };
}

/** The key of a node input in the override table: node label and input name. */
export function overrideParamKey(param: Pick<FlowConfigParam, 'node' | 'name'>): string {
  return `${param.node}\u0000${param.name}`;
}

/** One node label of the override table: the ids of the nodes that carry it, and its inputs. */
export interface OverrideNodeGroup {
  node: string;
  nodeIds: string[];
  params: FlowConfigParam[];
}

/**
 * The flow's inputs as the override table lists them: one group per node label (settings are stored
 * by label, so two nodes with one label share their switches), each input once by name, in flow order.
 */
export function overrideNodeGroups(params: readonly FlowConfigParam[]): OverrideNodeGroup[] {
  const groups = new Map<string, OverrideNodeGroup>();
  for (const param of params) {
    let group = groups.get(param.node);
    if (!group) groups.set(param.node, (group = { node: param.node, nodeIds: [], params: [] }));
    if (!group.nodeIds.includes(param.nodeId)) group.nodeIds.push(param.nodeId);
    if (!group.params.some((p) => p.name === param.name)) group.params.push(param);
  }
  return [...groups.values()];
}

/** Keys ({@link overrideParamKey}) of the node inputs the settings enable. */
export function enabledParamKeys(settings: OverrideConfigSettings): Set<string> {
  const keys = new Set<string>();
  for (const [node, params] of Object.entries(settings.nodes ?? {}))
    for (const param of params) if (param.enabled) keys.add(overrideParamKey({ node, name: param.name }));
  return keys;
}

/** Names of the variables the settings enable. */
export function enabledVariableNames(settings: OverrideConfigSettings): Set<string> {
  return new Set((settings.variables ?? []).filter((v) => v.enabled).map((v) => v.name));
}

/**
 * The settings to save from the table: only what is switched on is stored (as Flowise does), and a
 * switched-off table stores `{status: false}`.
 */
export function buildOverrideSettings({
  status,
  params,
  enabledParams,
  variables,
  enabledVariables,
}: {
  status: boolean;
  params: readonly FlowConfigParam[];
  enabledParams: ReadonlySet<string>;
  variables: readonly OverridableVariable[];
  enabledVariables: ReadonlySet<string>;
}): OverrideConfigSettings {
  if (!status) return { status: false };
  const nodes: Record<string, OverrideParamSetting[]> = {};
  for (const param of params) {
    if (!enabledParams.has(overrideParamKey(param))) continue;
    const list = (nodes[param.node] ??= []);
    if (list.some((p) => p.name === param.name)) continue;
    list.push({
      label: param.label,
      name: param.name,
      type: param.type,
      ...(param.schema && { schema: param.schema }),
      enabled: true,
    });
  }
  return {
    status: true,
    nodes,
    variables: variables
      .filter((v) => enabledVariables.has(v.name))
      .map((v) => ({ id: v.id, name: v.name, type: v.type, enabled: true })),
  };
}

/** The `apiConfig` text with new override settings; its other keys (rate limit) are kept. */
export function withOverrideSettings(
  apiConfig: string | null | undefined,
  settings: OverrideConfigSettings,
): string {
  return JSON.stringify({ ...parseApiConfig(apiConfig), overrideConfig: settings });
}

/** Param types whose values the snippets write as text: the option lists of `options` inputs. */
function snippetType(type: string): string {
  return ['string', 'number', 'boolean', 'json', 'file'].includes(type) ? type : 'string';
}

/**
 * The inputs a caller may actually override, as snippet fields: those the settings enable, one per
 * input name, in the order of the flow's params. None while overriding is off — an example sending
 * overrides the server ignores would mislead.
 */
export function overrideSnippetFields(
  params: readonly FlowConfigParam[],
  settings: OverrideConfigSettings,
): SnippetField[] {
  if (!settings.status) return [];
  const enabled = enabledParamKeys(settings);
  const fields: SnippetField[] = [];
  for (const param of params) {
    if (!enabled.has(overrideParamKey(param)) || fields.some((f) => f.name === param.name)) continue;
    fields.push({ name: param.name, type: snippetType(param.type) });
  }
  return fields;
}
