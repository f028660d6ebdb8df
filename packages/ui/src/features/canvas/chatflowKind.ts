import { copySelection, pasteClipboard } from './document/clipboard';
import { findConditionProblem } from './document/conditionNode';
import { checkConnection, connectNodes } from './document/connect';
import { selectOnlyNode } from './document/editNode';
import { documentFromText, documentToFlowData, exportFileName, exportFileText } from './document/flowFile';
import { isAgentflowNode, isAgentGraphNode } from './document/flowKind';
import { removeEdges, removeNodes } from './document/removeElements';
import type { FlowDocument } from './document/types';
import { ButtonEdge } from './edges/ButtonEdge';
import { ChatflowNode } from './nodes/ChatflowNode';
import { StickyNoteNode } from './nodes/StickyNoteNode';
import type { CanvasKind } from './shell/canvasKind';

/** The chatflow canvas (`/canvas`): Flowise v1 nodes with typed anchors, edges with a delete button. */
export const chatflowKind: CanvasKind<FlowDocument> = {
  noun: 'chatflow',
  Noun: 'Chatflow',
  flowType: 'CHATFLOW',
  listPath: '/chatflows',
  editorPath: '/canvas',
  untitled: 'Untitled chatflow',
  fromText: documentFromText,
  toFlowData: documentToFlowData,
  refuseFile: (doc) => {
    if (doc.nodes.length === 0)
      return 'This file holds no chatflow nodes. Choose a chatflow exported as JSON.';
    if (doc.nodes.some((node) => isAgentflowNode(node.data)))
      return 'This is an Agentflow file; open it from the Agentflows canvas.';
    if (doc.nodes.some((node) => isAgentGraphNode(node.data)))
      return 'This is a V1 Agentflow file (Sequential Agents or a supervisor team); open it from Agentflows, V1.';
    return null;
  },
  exportFile: (name, doc) => ({ fileName: exportFileName(name), text: exportFileText(doc) }),
  // A condition that cannot be saved (SPEC §5) keeps the flow unsaved.
  saveProblem: (doc) => {
    const problem = findConditionProblem(doc);
    return problem && { alert: problem.alert, nodeId: problem.node.id };
  },
  selectOnly: selectOnlyNode,
  // Agentflow (v2) nodes and agent graph nodes run only in their own canvases.
  offers: (definition) => !isAgentflowNode(definition) && !isAgentGraphNode(definition),
  nodeTypes: { customNode: ChatflowNode, stickyNote: StickyNoteNode },
  edgeTypes: { buttonedge: ButtonEdge },
  checkConnection,
  connect: connectNodes,
  removeNodes,
  removeEdges,
  clipboard: { copy: copySelection, paste: pasteClipboard },
  surface: {
    // Drop so the pointer holds the card near its header, as it was dragged.
    dropOffset: { x: -150, y: -30 },
    closePaletteOnAdd: false,
    snapGrid: [16, 16],
    onlyRenderVisible: true,
  },
};
