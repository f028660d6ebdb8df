import type { Db } from '../../db/database.js';

/** The store the flow's Document Store loader node reads (the first such node, as Flowise tracks it). */
export function storeReadBy(flowData: string | null): string | undefined {
  if (!flowData) return undefined;
  try {
    const flow = JSON.parse(flowData) as {
      nodes?: { data?: { name?: string; inputs?: { selectedStore?: unknown } } }[];
    };
    const node = flow.nodes?.find((n) => n.data?.name === 'documentStore');
    const store = node?.data?.inputs?.selectedStore;
    return typeof store === 'string' && store !== '' ? store : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `document_store.whereUsed` in step with a flow that was saved (`flowData`) or deleted (null):
 * the flow is listed by the store its Document Store node reads, and by no other store of the workspace.
 */
export async function updateWhereUsed(trx: Db, workspaceId: string, flowId: string, flowData: string | null) {
  const target = storeReadBy(flowData);
  const rows = await trx
    .selectFrom('document_store')
    .select(['id', 'whereUsed'])
    .where('workspaceId', '=', workspaceId)
    .execute();
  for (const row of rows) {
    let used: string[] = [];
    try {
      const parsed = JSON.parse(row.whereUsed ?? '[]') as unknown;
      if (Array.isArray(parsed)) used = parsed.filter((id): id is string => typeof id === 'string');
    } catch {
      used = [];
    }
    const has = used.includes(flowId);
    const should = row.id === target;
    if (has === should) continue;
    const next = should ? [...used, flowId] : used.filter((id) => id !== flowId);
    await trx
      .updateTable('document_store')
      .set({ whereUsed: JSON.stringify(next) })
      .where('id', '=', row.id)
      .execute();
  }
}
