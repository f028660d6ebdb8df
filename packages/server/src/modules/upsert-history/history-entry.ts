import type { NodeType } from '@flowloom/engine';

/** One node of an upsert history entry (DOCUMENT_STORES.md §1.7). */
export interface HistoryNode {
  label: string;
  name: string;
  category: string;
  id: string;
  paramValues: { label: string; name: string; type: string; value: unknown }[];
}

/** An uploaded file's value as history shows it: its name, not its bytes. */
function shown(type: string, value: unknown): unknown {
  if (type !== 'file' || typeof value !== 'string') return value;
  return value.replace(/^data:[^,]*,[^,]*,filename:/, '');
}

/**
 * What the upsert history keeps of a node that took part: the settings it had, but never secrets
 * (password inputs), connections (anchors), empty values or `{{…}}` references.
 */
export function historyNode(
  type: Pick<NodeType, 'definition'>,
  node: { id: string; label?: string; inputs: Record<string, unknown> },
): HistoryNode {
  const paramValues = type.definition.inputs
    .filter((input) => /^[a-z]/.test(input.type) && input.type !== 'password')
    .map((input) => ({ input, value: node.inputs[input.name] }))
    .filter(
      ({ value }) =>
        value !== undefined &&
        value !== '' &&
        value !== null &&
        !(typeof value === 'string' && /\{\{.*\}\}/.test(value)),
    )
    .map(({ input, value }) => ({
      label: input.label,
      name: input.name,
      type: input.type,
      value: shown(input.type, value),
    }));
  return {
    label: node.label ?? type.definition.label,
    name: type.definition.name,
    category: type.definition.category,
    id: node.id,
    paramValues,
  };
}
