import type { CanvasNodeData } from '../../canvas/document/types';
import { loadMethodNode as summary } from '../../canvas/inputs/agentGraphOptions';
import type { AgentLoadMethodBody } from '../agentApi';
import type { AgentDocument } from '../document/types';
import { upstreamNodes } from '../variables/availableVariables';

/**
 * What a v2 node's load method is sent: the inputs being edited (`data`, which may be newer than
 * the document), the nodes upstream of it as `previousNodes` (the same nodes the variable picker
 * offers) and the node itself as `currentNode`.
 */
export function loadMethodBody(
  doc: AgentDocument,
  data: CanvasNodeData,
  loadMethod: string,
): AgentLoadMethodBody {
  return {
    loadMethod,
    inputs: data.inputs,
    previousNodes: upstreamNodes(doc, data.id).map((node) => summary(node.data)),
    currentNode: summary(data),
    ...(typeof data.credential === 'string' && data.credential && { credential: data.credential }),
  };
}
