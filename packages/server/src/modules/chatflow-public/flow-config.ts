import type { FlowConfigParam } from '@flowloom/shared';

/** Params an API caller never overrides here: secrets, credentials and local files. */
const HIDDEN_TYPES = new Set(['credential', 'password', 'file', 'folder']);

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function optionNames(options: unknown): string | undefined {
  if (!Array.isArray(options)) return undefined;
  return options
    .filter(isRecord)
    .map((option) => text(option.name))
    .join(', ');
}

function arraySchema(items: unknown): Record<string, string> | undefined {
  if (!Array.isArray(items)) return undefined;
  const schema: Record<string, string> = {};
  for (const item of items.filter(isRecord)) {
    const type = text(item.type);
    schema[text(item.name)] =
      type === 'options'
        ? `(${optionNames(item.options) ?? ''})`
        : type === 'file'
          ? text(item.fileType) || type
          : type;
  }
  return schema;
}

/** Field types of a `…Config` object input (agentflow model configs), credential ids left out. */
function configSchema(config: unknown, ownName: string): Record<string, string> | undefined {
  let parsed: unknown = config;
  if (typeof config === 'string') {
    try {
      parsed = JSON.parse(config) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isRecord(parsed)) return undefined;
  const schema: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key === ownName || key === 'FLOWISE_CREDENTIAL_ID') continue;
    schema[key] = Array.isArray(value)
      ? 'array'
      : value === null
        ? 'string'
        : typeof value === 'object'
          ? 'object'
          : typeof value === 'boolean' || typeof value === 'number'
            ? typeof value
            : 'string';
  }
  return schema;
}

function paramConfig(
  node: { label: string; id: string; inputs: Json },
  param: Json,
): FlowConfigParam | undefined {
  const type = text(param.type);
  const name = text(param.name);
  if (!name || HIDDEN_TYPES.has(type)) return undefined;
  const base = { node: node.label, nodeId: node.id, label: text(param.label) };
  if (type === 'options') return { ...base, name, type: optionNames(param.options) ?? 'string' };
  if (type === 'array') {
    const schema = arraySchema(param.array);
    return { ...base, name, type, ...(schema && { schema }) };
  }
  if (param.loadConfig === true) {
    const schema = configSchema(node.inputs[`${name}Config`], name);
    if (schema)
      return { ...base, label: `${base.label} Config`, name: `${name}Config`, type: 'json', schema };
  }
  return { ...base, name, type };
}

/**
 * The parameters of a flow an API call may override (`GET /flow-config/:id`, FLOWISE_API.md §1.5), in
 * Flowise's shape. Each node's stored `inputParams` are used; `paramsOf` supplies them for nodes saved
 * without. Credentials, passwords and file/folder inputs are left out, and so are sticky notes.
 */
export function overridableParams(
  nodes: readonly unknown[],
  paramsOf: (nodeName: string) => readonly unknown[] | undefined,
): FlowConfigParam[] {
  const configs: FlowConfigParam[] = [];
  const seen = new Set<string>();
  for (const node of nodes.filter(isRecord)) {
    const data = isRecord(node.data) ? node.data : undefined;
    if (!data || node.type === 'stickyNote' || data.name === 'stickyNote') continue;
    const params: readonly unknown[] = Array.isArray(data.inputParams)
      ? (data.inputParams as unknown[])
      : (paramsOf(text(data.name)) ?? []);
    const owner = {
      label: text(data.label),
      id: text(data.id) || text(node.id),
      inputs: isRecord(data.inputs) ? data.inputs : {},
    };
    for (const param of params.filter(isRecord)) {
      const config = paramConfig(owner, param);
      const key = config && JSON.stringify(config);
      if (config && key && !seen.has(key)) {
        seen.add(key);
        configs.push(config);
      }
    }
  }
  return configs;
}
