import { sanitizeFlowForExport } from '@flowloom/shared';
import { AGENT_FLOWS_CATEGORY } from '../canvas/document/flowKind';
import type { CanvasKind } from '../canvas/shell/canvasKind';
import { checkAgentConnection, connectAgentNodes } from './document/connect';
import { removeAgentEdges, removeAgentNodes } from './document/edit';
import { agentDocumentFromText, agentDocumentToFlowData } from './document/flowFile';
import type { AgentDocument } from './document/types';
import { AgentFlowEdge } from './nodes/AgentFlowEdge';
import { AgentFlowNode } from './nodes/AgentFlowNode';
import { AgentStickyNote, IterationNode } from './nodes/IterationNode';

/** The Agentflow v2 canvas (`/v2/agentcanvas`): coloured v2 nodes, Iteration groups, labelled edges. */
export const agentflowKind: CanvasKind<AgentDocument> = {
  noun: 'agentflow',
  Noun: 'Agentflow',
  flowType: 'AGENTFLOW',
  listPath: '/agentflows',
  editorPath: '/v2/agentcanvas',
  untitled: 'Untitled agentflow',
  fromText: agentDocumentFromText,
  toFlowData: agentDocumentToFlowData,
  refuseFile: (doc) =>
    doc.nodes.length === 0 || !doc.nodes.every((node) => node.data.category === AGENT_FLOWS_CATEGORY)
      ? 'This file holds no Agentflow v2 nodes. Choose an agentflow exported as JSON.'
      : null,
  exportFile: (name, doc) => ({
    fileName: `${name.trim() || 'Untitled'} Agents.json`,
    text: JSON.stringify(sanitizeFlowForExport(agentDocumentToFlowData(doc)), null, 2),
  }),
  offers: (definition) =>
    definition.category === AGENT_FLOWS_CATEGORY && definition.name.endsWith('Agentflow'),
  nodeTypes: { agentFlow: AgentFlowNode, iteration: IterationNode, stickyNote: AgentStickyNote },
  edgeTypes: { agentFlow: AgentFlowEdge },
  checkConnection: checkAgentConnection,
  connect: connectAgentNodes,
  removeNodes: removeAgentNodes,
  removeEdges: removeAgentEdges,
  surface: {
    // The pointer holds the node near its top left corner.
    dropOffset: { x: -90, y: -25 },
    closePaletteOnAdd: true,
    onlyRenderVisible: false,
    minimapColor: (node) => node.data.color ?? '#ccc',
  },
};
