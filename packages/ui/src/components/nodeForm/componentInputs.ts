import { PARAM_TYPES, type NodeDefinition } from '@flowloom/shared';
import { isParamType } from '../../features/canvas/document/createNode';
import type { RichParam } from '../../features/canvas/document/types';
import { visibleInputs } from '../../features/canvas/document/visibility';

const FORM_TYPES = new Set<string>(PARAM_TYPES);

/** How every component form titles its credential field. */
export const CREDENTIAL_LABEL = 'Connect Credential';

/**
 * Whether an input is filled in a form (not a connection anchor such as `TextSplitter` or
 * `Embeddings`: those are class names, wired on a canvas, never typed).
 */
export function isFormInput(param: { type: string }): boolean {
  return isParamType(param.type) || FORM_TYPES.has(param.type);
}

/** The inputs of `component` its form shows for `values`: editable, visible, not hidden. */
export function formInputs(component: NodeDefinition, values: Record<string, unknown>): RichParam[] {
  return visibleInputs((component.inputs ?? []) as RichParam[], values).filter(
    (input) => !input.hidden && isFormInput(input),
  );
}

/** Whether a value counts as given for a required input. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Labels of the required inputs of `component` left empty in `values` (the credential first, when
 * the component needs one): what a form names before it sends anything. Booleans are never missing.
 */
export function missingInputs(
  component: NodeDefinition,
  values: Record<string, unknown>,
  credentialKey: string,
): string[] {
  const missing: string[] = [];
  const credential = component.credential;
  if (credential && !credential.optional && !isFilled(values[credentialKey])) missing.push(CREDENTIAL_LABEL);
  for (const input of formInputs(component, values)) {
    if (input.optional || input.type === 'boolean') continue;
    if (!isFilled(values[input.name])) missing.push(input.label || input.name);
  }
  return missing;
}
