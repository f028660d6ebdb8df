import type { LoadMethodNode, ParamOption } from '@flowloom/shared';
import { api } from '../../api/api';

/** `POST /node-load-method/<v2 node>` body: the node's inputs plus its place in the flow. */
export interface AgentLoadMethodBody {
  loadMethod: string;
  inputs: Record<string, unknown>;
  previousNodes: LoadMethodNode[];
  currentNode: LoadMethodNode;
  credential?: string;
}

/** Calls of the v2 canvas that the chatflow canvas does not make. */
export const agentApi = {
  /** Options of an `asyncOptions` input of a v2 node (models, tools, state keys, earlier nodes, flows). */
  loadOptions: (nodeName: string, body: AgentLoadMethodBody) =>
    api.post<ParamOption[]>(`/node-load-method/${encodeURIComponent(nodeName)}`, body),
  /** A description of a document store for an Agent's knowledge, written by `selectedChatModel`. */
  describeKnowledge: (
    storeId: string,
    selectedChatModel: { name: string; inputs: Record<string, unknown> },
  ) =>
    api.post<{ content: string }>(`/document-store/generate-tool-desc/${encodeURIComponent(storeId)}`, {
      selectedChatModel,
    }),
};
