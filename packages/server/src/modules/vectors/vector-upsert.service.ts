import { randomUUID } from 'node:crypto';
import {
  FlowValidationError,
  NodeExecutionError,
  parseOverrideSettings,
  planVectorUpsert,
  runVectorUpsert,
  type NodeRegistry,
} from '@flowloom/engine';
import { flowShapeProblem, type FlowData, type VectorUpsertBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess } from '../chat-messages/flow-scope.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';
import type { FileStorage } from '../storage/file-storage.js';
import { historyNode } from '../upsert-history/history-entry.js';
import type { UpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';

/** Whether a loader's file input takes a file of this name (its `fileType` list, or any). */
function accepts(fileType: string | undefined, name: string): boolean {
  if (!fileType || fileType.includes('*')) return true;
  const extension = `.${name.toLowerCase().split('.').pop() ?? ''}`;
  return fileType
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .includes(extension);
}

export interface VectorUpsertDeps {
  db: Db;
  registry: NodeRegistry;
  servicesFor: EngineServicesFor;
  storage: FileStorage;
  history: Pick<UpsertHistoryRepository, 'insert'>;
  clock: Clock;
  logger: Logger;
}

/**
 * A chatflow's loaders read and written through its vector store, as its Upsert button does
 * (DOCUMENT_STORES.md §3). Files sent with the request are stored with the flow and given to the
 * loaders of that vector store whose file input takes them. Needs the permission to edit the flow.
 */
export function createVectorUpsertService(deps: VectorUpsertDeps) {
  const { db, registry, history } = deps;
  const flows = createChatflowRepository(db);

  /** `internal`: the web app's call (a flow bound to an API key takes outside calls with that key only). */
  async function upsert(
    ctx: AuthContext,
    flowId: string,
    body: VectorUpsertBody,
    files: readonly UploadedFile[],
    internal: boolean,
  ) {
    await assertFlowAccess(db, ctx, flowId, 'update');
    const row = await flows.findById(flowId);
    if (!row) throw new AppError('NOT_FOUND', `Chatflow ${flowId} not found`);
    // A flow bound to an API key takes outside calls with that key only (as its prediction does).
    if (!internal && row.apikeyid && ctx.kind === 'apiKey' && ctx.apiKeyId !== row.apikeyid)
      throw new AppError('UNAUTHORIZED', 'This flow is bound to another API key');
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.flowData);
    } catch {
      throw new AppError('BAD_REQUEST', 'The flow data of this chatflow is not valid JSON');
    }
    const problem = flowShapeProblem(parsed);
    if (problem) throw new AppError('BAD_REQUEST', `The flow data of this chatflow is damaged: ${problem}`);
    let flow: FlowData = { nodes: (parsed as FlowData).nodes, edges: (parsed as FlowData).edges };
    let plan;
    try {
      // Which loaders the files go to; the flow is checked when it runs, files in place.
      plan = planVectorUpsert(flow, registry, body.stopNodeId, { check: false });
    } catch (error) {
      if (error instanceof FlowValidationError)
        throw new AppError('BAD_REQUEST', error.message, { cause: error });
      throw error;
    }
    if (files.length > 0) {
      // Each file goes to the loaders of this vector store whose file input takes it; a request whose
      // files no loader reads is refused before anything is stored.
      const targets = new Map<string, { input: string; files: UploadedFile[] }>();
      for (const id of plan.order) {
        const node = plan.nodes.get(id)!;
        const type = registry.get(node.data.name);
        if (type?.definition.category !== 'Document Loaders') continue;
        const input = type.definition.inputs.find((i) => i.type === 'file');
        const taken = input ? files.filter((f) => accepts(input.fileType, f.name)) : [];
        if (input && taken.length > 0) targets.set(id, { input: input.name, files: taken });
      }
      if (targets.size === 0)
        throw new AppError(
          'BAD_REQUEST',
          'None of the files can be read by a document loader connected to this vector store',
        );
      const names = new Map<UploadedFile, string>();
      for (const file of new Set([...targets.values()].flatMap((t) => t.files)))
        names.set(file, (await deps.storage.save(ctx.workspaceId, `flow:${flowId}`, file)).name);
      flow = {
        ...flow,
        nodes: flow.nodes.map((node) => {
          const target = targets.get(node.id);
          if (!target) return node;
          const stored = target.files.map((f) => names.get(f)!);
          return {
            ...node,
            data: {
              ...node.data,
              inputs: { ...node.data.inputs, [target.input]: `FILE-STORAGE::${JSON.stringify(stored)}` },
            },
          };
        }),
      };
    }
    const chatId =
      body.chatId ??
      (typeof body.overrideConfig?.sessionId === 'string' ? body.overrideConfig.sessionId : randomUUID());
    try {
      const { result } = await runVectorUpsert(
        registry,
        deps.servicesFor(ctx.workspaceId, `flow:${flowId}`),
        {
          flowId,
          flow,
          chatId,
          sessionId: chatId,
          signal: AbortSignal.timeout(30 * 60_000),
          vars: {},
          ...(body.stopNodeId && { stopNodeId: body.stopNodeId }),
          ...(body.question && { question: body.question }),
          overrideConfig: body.overrideConfig,
          overrideSettings: parseOverrideSettings(row.apiConfig),
        },
      );
      const { addedDocs: _added, totalKeys: _keys, ...counts } = result;
      const used = plan.order
        .map((id) => plan.nodes.get(id)!)
        .filter((n) =>
          ['Vector Stores', 'Embeddings', 'Record Manager', 'Document Loaders', 'Text Splitters'].includes(
            n.data.category,
          ),
        );
      await history.insert({
        id: randomUUID(),
        chatflowid: flowId,
        result: JSON.stringify(counts),
        flowData: JSON.stringify(
          used.map((node) =>
            historyNode(registry.get(node.data.name)!, {
              id: node.id,
              label: node.data.label,
              inputs: node.data.inputs ?? {},
            }),
          ),
        ),
        date: deps.clock.now().toISOString(),
      });
      return result;
    } catch (error) {
      if (error instanceof NodeExecutionError) {
        deps.logger.warn({ flowId, nodeId: error.nodeId, err: error.cause }, 'vector upsert failed');
        throw new AppError('BAD_REQUEST', error.message, { cause: error });
      }
      if (error instanceof FlowValidationError)
        throw new AppError('BAD_REQUEST', error.message, { cause: error });
      throw error;
    }
  }

  return { upsert };
}
export type VectorUpsertService = ReturnType<typeof createVectorUpsertService>;
