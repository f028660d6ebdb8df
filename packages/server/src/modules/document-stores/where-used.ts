import type { Db } from '../../db/database.js';
import type { DocumentStoreRepository } from './document-store.repository.js';

type StoreNode = { data?: { name?: string; inputs?: Record<string, unknown> } };

/** `"<id>:<name>"` or `"<id>"` → the id. */
const idOf = (value: unknown) =>
  typeof value === 'string' && value !== '' ? value.split(':')[0] : undefined;

const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
    : [];

/**
 * Every document store a flow reads: its Document Store loaders and Document Store (Vector) nodes,
 * and the stores of agentflow Retriever nodes and Agent knowledge. (Flowise tracks only the first
 * Document Store loader; a store page then missed the flows that search it.)
 */
export function storesReadBy(flowData: string | null): Set<string> {
  const ids = new Set<string>();
  if (!flowData) return ids;
  let nodes: StoreNode[] = [];
  try {
    const flow = JSON.parse(flowData) as { nodes?: StoreNode[] };
    nodes = Array.isArray(flow.nodes) ? flow.nodes : [];
  } catch {
    return ids;
  }
  for (const node of nodes) {
    const inputs = node.data?.inputs ?? {};
    const found: unknown[] = [];
    switch (node.data?.name) {
      case 'documentStore':
      case 'documentStoreVS':
        found.push(inputs.selectedStore);
        break;
      case 'retrieverAgentflow':
        found.push(...rowsOf(inputs.retrieverKnowledgeDocumentStores).map((row) => row.documentStore));
        break;
      case 'agentAgentflow':
        found.push(...rowsOf(inputs.agentKnowledgeDocumentStores).map((row) => row.documentStore));
        break;
    }
    for (const value of found) {
      const id = idOf(value);
      if (id) ids.add(id);
    }
  }
  return ids;
}

/**
 * Keeps `document_store.whereUsed` in step with a flow that was saved (`flowData`) or deleted (null):
 * the flow is listed by the stores it reads, and by no other store of the workspace.
 */
export async function updateWhereUsed(
  repo: Pick<DocumentStoreRepository, 'whereUsedOf' | 'setWhereUsed'>,
  trx: Db,
  workspaceId: string,
  flowId: string,
  flowData: string | null,
) {
  const targets = storesReadBy(flowData);
  for (const row of await repo.whereUsedOf(trx, workspaceId, targets, flowId)) {
    let used: string[] = [];
    try {
      const parsed = JSON.parse(row.whereUsed ?? '[]') as unknown;
      if (Array.isArray(parsed)) used = parsed.filter((id): id is string => typeof id === 'string');
    } catch {
      used = [];
    }
    const has = used.includes(flowId);
    const should = targets.has(row.id);
    if (has === should) continue;
    await repo.setWhereUsed(trx, row.id, should ? [...used, flowId] : used.filter((id) => id !== flowId));
  }
}
