import fastifyMultipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FlowValidationError,
  NodeExecutionError,
  parseOverrideSettings,
  planVectorUpsert,
  runVectorUpsert,
  type NodeRegistry,
} from '@flowloom/engine';
import { flowShapeProblem, type FlowData } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller, isInternal } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess } from '../chat-messages/flow-scope.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import { historyNode } from '../upsert-history/history-entry.js';
import { createUpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';
import { readMultipart, type UploadedFile } from '../../http/multipart.js';

const upsertBody = z.object({
  stopNodeId: z.string().max(200).optional(),
  overrideConfig: z.record(z.string(), z.unknown()).optional(),
  chatId: z.string().max(200).optional(),
  question: z.string().max(20_000).optional(),
});

/** Whether a loader's file input takes a file of this name (its `fileType` list, or any). */
function accepts(fileType: string | undefined, name: string): boolean {
  if (!fileType || fileType.includes('*')) return true;
  const extension = `.${name.toLowerCase().split('.').pop() ?? ''}`;
  return fileType
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .includes(extension);
}

/**
 * `POST /vector/upsert/:id` and `/vector/internal-upsert/:id`: a chatflow's loaders are read and
 * written through its vector store, as its Upsert button does (DOCUMENT_STORES.md §3). Files sent
 * with the request are stored with the flow and given to the loaders of that vector store whose file
 * input takes them. Needs the permission to edit the flow.
 */
export function registerVectorUpsertRoutes(
  root: FastifyInstance,
  deps: {
    db: Db;
    registry: NodeRegistry;
    servicesFor: EngineServicesFor;
    storage: FileStorage;
    /** The most one uploaded file may weigh, and all of a request's files together. */
    fileSizeLimit: number;
    bodyLimit: number;
    clock: Clock;
    logger: Logger;
  },
) {
  const { db, registry } = deps;
  const flows = createChatflowRepository(db);
  const history = createUpsertHistoryRepository(db);

  async function upsert(
    ctx: AuthContext,
    flowId: string,
    body: z.infer<typeof upsertBody>,
    files: UploadedFile[],
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

  async function parse(request: FastifyRequest) {
    if (!request.isMultipart()) {
      const parsed = upsertBody.safeParse(request.body ?? {});
      if (!parsed.success)
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid body');
      return { body: parsed.data, files: [] as UploadedFile[] };
    }
    const { fields, files } = await readMultipart(request, {
      fileLimit: deps.fileSizeLimit,
      totalLimit: deps.bodyLimit,
    });
    // Form fields other than the known ones are overrides (Flowise).
    const { stopNodeId, chatId, question, ...rest } = fields;
    const overrideConfig: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (key === 'overrideConfig' && typeof value === 'string') {
        try {
          Object.assign(overrideConfig, JSON.parse(value) as Record<string, unknown>);
        } catch {
          throw new AppError('BAD_REQUEST', 'Form field overrideConfig must be JSON text');
        }
      } else if (key === 'vars' && typeof value === 'string') {
        try {
          overrideConfig.vars = JSON.parse(value) as unknown;
        } catch {
          throw new AppError('BAD_REQUEST', 'Form field vars must be JSON text');
        }
      } else overrideConfig[key] = value;
    }
    const parsed = upsertBody.safeParse({ stopNodeId, chatId, question, overrideConfig });
    if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid form');
    return { body: parsed.data, files };
  }

  void root.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.fileSizeLimit } });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const access = can('chatflows:update', 'agentflows:update');
    for (const path of ['upsert', 'internal-upsert'])
      app.post(
        `/api/v1/vector/${path}/:id`,
        {
          config: { access },
          schema: {
            tags: ['vector'],
            summary:
              path === 'upsert'
                ? "Load a chatflow's documents into its vector store (JSON, or multipart with files)"
                : 'The same, from the web app',
            params: z.object({ id: z.string().min(1).max(100) }),
          },
        },
        async (request) => {
          const { body, files } = await parse(request);
          return upsert(caller(request), request.params.id, body, files, isInternal(request));
        },
      );
  });
}
