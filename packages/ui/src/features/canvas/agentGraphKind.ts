import { chatflowKind } from './chatflowKind';
import { agentGraphOffers, isAgentflowNode, isAgentGraphNode } from './document/flowKind';
import { exportFileName, exportFileText } from './document/flowFile';
import type { FlowDocument } from './document/types';
import type { CanvasKind } from './shell/canvasKind';

/**
 * The V1 agentflow canvas (`/agentcanvas`): Sequential Agents and supervisor teams, drawn and edited
 * as chatflow nodes are (SEQUENTIAL_AGENTS.md §11), saved as flow type MULTIAGENT.
 */
export const agentGraphKind: CanvasKind<FlowDocument> = {
  ...chatflowKind,
  noun: 'agents',
  Noun: 'Agents',
  flowType: 'MULTIAGENT',
  listPath: '/agentflows',
  listName: 'agentflows',
  editorPath: '/agentcanvas',
  untitled: 'Untitled agents',
  refuseFile: (doc) => {
    if (doc.nodes.length === 0) return 'This file holds no nodes. Choose an agentflow exported as JSON.';
    if (doc.nodes.some((node) => isAgentflowNode(node.data)))
      return 'This is a V2 Agentflow file; open it from Agentflows, V2.';
    if (!doc.nodes.some((node) => isAgentGraphNode(node.data)))
      return 'This file holds no Sequential Agents or Multi Agents nodes; open a chatflow from Chatflows.';
    return null;
  },
  exportFile: (name, doc) => ({ fileName: exportFileName(name, 'Agents'), text: exportFileText(doc) }),
  offers: agentGraphOffers,
};
