import type { NodeParam } from '@flowloom/shared';
import type { NodeRegistry } from '../plan.js';
import { resolveDeep, type AgentflowScope } from './variables.js';

/** A v2 input: the shared param plus the sub-params of an `array` input. */
type ParamWithRows = NodeParam & { array?: readonly ParamWithRows[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Resolves `{{ }}` in the `<param>Config` sub-forms of `loadConfig` params (the chosen chat model or
 * tool brings its own form), but only in the fields that component marks `acceptVariable`
 * (AGENTFLOW_V2.md §0.2). Looks inside the rows of `array` inputs too (an Agent's tools). Returns new
 * objects; the stored inputs stay untouched.
 */
export function resolveComponentConfigs(
  params: readonly ParamWithRows[],
  values: Record<string, unknown>,
  components: NodeRegistry,
  scope: AgentflowScope,
): Record<string, unknown> {
  let out = values;
  const set = (name: string, value: unknown) => {
    if (out === values) out = { ...values };
    out[name] = value;
  };
  for (const param of params) {
    // An array that accepts variables had every nested string resolved already.
    if (param.type === 'array' && param.array && !param.acceptVariable) {
      const value = values[param.name];
      if (!Array.isArray(value)) continue;
      const rows = value as unknown[];
      const subParams = param.array;
      const resolved = rows.map((row) =>
        isRecord(row) ? resolveComponentConfigs(subParams, row, components, scope) : row,
      );
      if (resolved.some((row, i) => row !== rows[i])) set(param.name, resolved);
      continue;
    }
    if (!param.loadConfig) continue;
    const configName = `${param.name}Config`;
    const config = values[configName];
    const chosen = values[param.name];
    if (!isRecord(config) || typeof chosen !== 'string') continue;
    const accepting = components
      .get(chosen)
      ?.definition.inputs.filter((input) => input.acceptVariable && config[input.name] !== undefined);
    if (!accepting?.length) continue;
    const next = { ...config };
    for (const input of accepting) next[input.name] = resolveDeep(config[input.name], scope);
    set(configName, next);
  }
  return out;
}
