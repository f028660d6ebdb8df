import { readFileSync } from 'node:fs';
import type { FlowData } from '@flowloom/shared';
import type { Session } from './harness.js';

const COMPAT = new URL('../../../../shared/compat/flowise/', import.meta.url);

/** A real Flowise template file (nodes and edges only, as a flow saved from it would hold). */
export function flowiseTemplate(kind: 'chatflows' | 'agentflowsv2' | 'agentflows', name: string): FlowData {
  const file = JSON.parse(readFileSync(new URL(`${kind}/${name}.json`, COMPAT), 'utf8')) as FlowData;
  return { nodes: file.nodes, edges: file.edges };
}

/** Attaches a credential to every node whose type needs one (exports carry none). */
export function withCredential(flow: FlowData, nodeName: string, credentialId: string): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) =>
      n.data.name === nodeName ? { ...n, data: { ...n.data, credential: credentialId } } : n,
    ),
  };
}

/** The Conversation Chain template with its ChatOpenAI on `credentialId`, as flow JSON text. */
export const conversationChain = (credentialId: string): string =>
  JSON.stringify(
    withCredential(flowiseTemplate('chatflows', 'Conversation Chain'), 'chatOpenAI', credentialId),
  );

/** Creates the chatflow "Conversation" running {@link conversationChain}; its id. */
export async function createConversationFlow(owner: Session, credentialId: string): Promise<string> {
  const response = await owner.request('POST', '/api/v1/chatflows', {
    name: 'Conversation',
    type: 'CHATFLOW',
    flowData: conversationChain(credentialId),
  });
  return response.json<{ id: string }>().id;
}

/** Parses a Flowise SSE body into its events. */
export function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice(5)) as { event: string; data: unknown });
}
