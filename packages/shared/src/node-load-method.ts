import { z } from 'zod';

/** A JSON object of any fields, refused with `<what> must be an object` otherwise. */
const anyObject = (what: string) =>
  z.record(z.string(), z.unknown(), { message: `${what} must be an object` });

/**
 * A node the canvas describes in a load-method request: the nodes upstream of the edited one
 * (`previousNodes`) and the edited node itself (`currentNode`). Extra fields the canvas sends along
 * (Flowise sends whole node data objects) are ignored.
 */
export const loadMethodNodeSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  label: z.string().nullish(),
  inputs: anyObject('the inputs of a node').nullish(),
});
export type LoadMethodNode = { id: string; name: string; label: string; inputs: Record<string, unknown> };

/**
 * Body of `POST /api/v1/node-load-method/:nodeName` (Flowise shape): the method to call and the
 * node's current inputs; `previousNodes`/`currentNode` let agentflow (v2) nodes list upstream nodes
 * and Flow State keys. The answer is a list of {@link ParamOption}s (`[]` when options cannot be
 * loaded).
 */
export const nodeLoadMethodBody = z.object({
  loadMethod: z.string().min(1, 'loadMethod is required'),
  inputs: anyObject('inputs').nullish(),
  /** Id of the credential chosen on the node ('' when none). */
  credential: z.string().nullish(),
  previousNodes: z.array(loadMethodNodeSchema).nullish(),
  currentNode: loadMethodNodeSchema.nullish(),
  /** Free-form search hints some load methods read (Flowise passes them through). */
  searchOptions: anyObject('searchOptions').nullish(),
});
export type NodeLoadMethodBody = z.infer<typeof nodeLoadMethodBody>;

/** A canvas node of a load-method request with defaults filled in (label falls back to the id). */
export function toLoadMethodNode(node: z.infer<typeof loadMethodNodeSchema>): LoadMethodNode {
  return { id: node.id, name: node.name ?? '', label: node.label || node.id, inputs: node.inputs ?? {} };
}
