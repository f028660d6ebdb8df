import type { DocumentStore, NodeDefinition, OutputAnchor } from '@flowloom/shared';
import { checkConnection, connectNodes } from '../../canvas/document/connect';
import { createNode } from '../../canvas/document/createNode';
import { documentToFlowData } from '../../canvas/document/flowFile';
import { inputHandleId } from '../../canvas/document/handles';
import type { CanvasNode, FlowDocument } from '../../canvas/document/types';
import { componentConfigFor } from '../../agentcanvas/componentConfig/componentChoices';
import { connectAgentNodes } from '../../agentcanvas/document/connect';
import { createAgentNodeData, rendererOf, uniqueLabel } from '../../agentcanvas/document/createAgentNode';
import { agentDocumentToFlowData } from '../../agentcanvas/document/flowFile';
import type { AgentDocument, AgentNode } from '../../agentcanvas/document/types';

/** The node types each template is made of, with the names people know them by. */
export const CHATFLOW_NODES = {
  chatOpenAI: 'ChatOpenAI',
  conversationalRetrievalQAChain: 'Conversational Retrieval QA Chain',
  documentStoreVS: 'Document Store (Vector)',
} as const;
export const AGENTFLOW_NODES = { startAgentflow: 'Start', agentAgentflow: 'Agent' } as const;

export type FlowTemplate =
  { ok: true; name: string; flowData: string } | { ok: false; missing: string[]; reason: string };

type Store = Pick<DocumentStore, 'id' | 'name' | 'description'>;
type Catalogue = ReadonlyMap<string, NodeDefinition>;

/** The node types of `needed` the catalogue lacks, as "Label (name)". */
function missingNodes(catalogue: Catalogue, needed: Record<string, string>): string[] {
  return Object.entries(needed)
    .filter(([name]) => !catalogue.has(name))
    .map(([name, label]) => `${label} (${name})`);
}

function refusal(missing: string[]): FlowTemplate {
  return {
    ok: false,
    missing,
    reason: `This server has no ${missing.join(', ')} node${missing.length === 1 ? '' : 's'}`,
  };
}

/** The output handle of `node` called `output` (a multi-output node), or its only one. */
function outputHandle(node: CanvasNode, output?: string): { id: string; types: string[] } | undefined {
  const anchor: OutputAnchor | undefined = node.data.outputAnchors[0];
  if (!anchor) return undefined;
  const option = anchor.options?.find((item) => item.name === output) ?? anchor.options?.[0];
  const chosen = option ?? anchor;
  return chosen.id
    ? { id: chosen.id, types: (chosen.type ?? '').split('|').map((t) => t.trim()) }
    : undefined;
}

/** Connects `source` to the first input anchor of `target` that takes what it gives. */
function wire(doc: FlowDocument, sourceId: string, targetId: string, output?: string): FlowDocument {
  const source = doc.nodes.find((node) => node.id === sourceId)!;
  const target = doc.nodes.find((node) => node.id === targetId)!;
  const handle = outputHandle(source, output);
  const input = target.data.inputAnchors.find((anchor) =>
    anchor.type.split('|').some((type) => handle?.types.includes(type.trim())),
  );
  if (!handle || !input) throw new Error(`${source.data.label} cannot be connected to ${target.data.label}`);
  const connection = {
    source: sourceId,
    sourceHandle: handle.id,
    target: targetId,
    targetHandle: input.id ?? inputHandleId(targetId, input),
  };
  const decision = checkConnection(doc, connection);
  if (!decision.ok) throw new Error(decision.reason);
  return connectNodes(doc, connection);
}

function place(definition: NodeDefinition, position: { x: number; y: number }): CanvasNode {
  return createNode(definition, `${definition.name}_0`, position);
}

/**
 * A chatflow that answers from the store (DOCUMENT_STORES.md §4.10, §5.6): ChatOpenAI and a
 * Document Store (Vector) retriever of the store feeding a Conversational Retrieval QA Chain that
 * returns its source documents. Built from the server's node definitions.
 */
export function chatflowForStore(store: Store, catalogue: Catalogue): FlowTemplate {
  const missing = missingNodes(catalogue, CHATFLOW_NODES);
  if (missing.length > 0) return refusal(missing);
  const model = place(catalogue.get('chatOpenAI')!, { x: 100, y: 60 });
  const retriever = place(catalogue.get('documentStoreVS')!, { x: 100, y: 720 });
  const chain = place(catalogue.get('conversationalRetrievalQAChain')!, { x: 560, y: 320 });
  retriever.data.inputs = { ...retriever.data.inputs, selectedStore: store.id };
  retriever.data.outputs = { ...retriever.data.outputs, output: 'retriever' };
  chain.data.inputs = { ...chain.data.inputs, returnSourceDocuments: true };
  let doc: FlowDocument = { nodes: [model, retriever, chain], edges: [] };
  doc = wire(doc, model.id, chain.id);
  doc = wire(doc, retriever.id, chain.id, 'retriever');
  return { ok: true, name: `${store.name} Chatflow`, flowData: JSON.stringify(documentToFlowData(doc)) };
}

/**
 * An agentflow (v2) whose Agent has the store as knowledge, returning its source documents, with
 * ChatOpenAI as the model when the server has it.
 */
export function agentflowForStore(store: Store, catalogue: Catalogue): FlowTemplate {
  const missing = missingNodes(catalogue, AGENTFLOW_NODES);
  if (missing.length > 0) return refusal(missing);
  const startDefinition = catalogue.get('startAgentflow')!;
  const agentDefinition = catalogue.get('agentAgentflow')!;
  const start: AgentNode = {
    id: 'startAgentflow_0',
    type: rendererOf(startDefinition.name),
    position: { x: 100, y: 100 },
    data: createAgentNodeData(startDefinition, 'startAgentflow_0', startDefinition.label),
  };
  const agentId = 'agentAgentflow_0';
  const agent: AgentNode = {
    id: agentId,
    type: rendererOf(agentDefinition.name),
    position: { x: 380, y: 100 },
    data: createAgentNodeData(
      agentDefinition,
      agentId,
      uniqueLabel(agentDefinition.label, agentId, [start.data.label]),
    ),
  };
  const chatModel = catalogue.get('chatOpenAI');
  agent.data.inputs = {
    ...agent.data.inputs,
    ...(chatModel && {
      agentModel: chatModel.name,
      agentModelConfig: componentConfigFor('agentModel', chatModel),
    }),
    agentKnowledgeDocumentStores: [
      {
        documentStore: `${store.id}:${store.name}`,
        docStoreDescription:
          store.description?.trim() || `Search the "${store.name}" document store for relevant information`,
        returnSourceDocuments: true,
      },
    ],
  };
  let doc: AgentDocument = { nodes: [start, agent], edges: [] };
  const handle = start.data.outputAnchors[0] as { id?: string } | undefined;
  doc = connectAgentNodes(doc, {
    source: start.id,
    sourceHandle: handle?.id ?? null,
    target: agent.id,
    targetHandle: agent.id,
  });
  return {
    ok: true,
    name: `${store.name} Agentflow`,
    flowData: JSON.stringify(agentDocumentToFlowData(doc)),
  };
}
