/**
 * Flowise (v1 canvas) handle and edge ids (FLOWISE_API.md §2.3). Node ids and input names never
 * contain `-`, so the parts can be read back by splitting on it.
 */

/** `{nodeId}-input-{inputName}-{inputType}` */
export function inputHandleId(nodeId: string, param: { name: string; type: string }): string {
  return `${nodeId}-input-${param.name}-${param.type}`;
}

/** `{nodeId}-output-{outputName}-{A|B|C}` */
export function outputHandleId(nodeId: string, name: string, baseClasses: readonly string[]): string {
  return `${nodeId}-output-${name}-${baseClasses.join('|')}`;
}

/** `{source}-{sourceHandle}-{target}-{targetHandle}` */
export function edgeId(connection: {
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
}): string {
  return `${connection.source}-${connection.sourceHandle ?? ''}-${connection.target}-${connection.targetHandle ?? ''}`;
}

/** The input name a target handle id points at (`llmChain_0-input-model-X` → `model`). */
export function handleInputName(handleId: string): string {
  return handleId.split('-')[2] ?? '';
}

/** What a connected input holds: a reference to the source node's instance (§2.4). */
export function nodeReference(nodeId: string): string {
  return `{{${nodeId}.data.instance}}`;
}
