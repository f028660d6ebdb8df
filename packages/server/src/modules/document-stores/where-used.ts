import type { Db } from '../../db/database.js';

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
 * the flow is listed by the stores it reads, and by no other store of the workspace. The rows it may
 * change are locked first on PostgreSQL (`lock`), in id order, so two flows saved at once never
 * write a list from the same old value.
 */
export async function updateWhereUsed(
  trx: Db,
  workspaceId: string,
  flowId: string,
  flowData: string | null,
  { lock = false }: { lock?: boolean } = {},
) {
  const targets = storesReadBy(flowData);
  let query = trx
    .selectFrom('document_store')
    .select(['id', 'whereUsed'])
    .where('workspaceId', '=', workspaceId)
    .where((eb) =>
      eb.or([
        ...(targets.size > 0 ? [eb('id', 'in', [...targets])] : []),
        eb('whereUsed', 'like', `%"${flowId}"%`),
      ]),
    )
    .orderBy('id');
  if (lock) query = query.forUpdate();
  for (const row of await query.execute()) {
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
    const next = should ? [...used, flowId] : used.filter((id) => id !== flowId);
    await trx
      .updateTable('document_store')
      .set({ whereUsed: JSON.stringify(next) })
      .where('id', '=', row.id)
      .execute();
  }
}
