import { randomUUID } from 'node:crypto';
import {
  parseFlowData,
  sanitizeFlowForExport,
  templateCategories,
  templateTypeOfFlow,
  type CreateCustomTemplateBody,
  type CustomTemplate,
  type MarketplaceTemplate,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { ChatflowService } from '../chatflows/chatflow.service.js';

/** Flowise's message for a save without a name (SHARING.md §1.2). */
export const NO_TEMPLATE_BODY = 'Error: marketplacesService.saveCustomTemplate - body not provided!';

function parseUsecases(text: string | null): string[] | string {
  if (text === null) return '';
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : text;
  } catch {
    return text;
  }
}

/** A stored row as `GET /marketplaces/custom` shows it (SHARING.md §1.2). */
export function toListedTemplate(row: CustomTemplate): MarketplaceTemplate {
  const base = {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    badge: row.badge ?? '',
    framework: row.framework ?? '',
    usecases: parseUsecases(row.usecases),
    type: row.type ?? 'Chatflow',
    workspaceId: row.workspaceId,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
  if (row.type === 'Tool') {
    let tool: { iconSrc?: string | null; schema?: string | null; func?: string | null } = {};
    try {
      tool = JSON.parse(row.flowData) as typeof tool;
    } catch {
      // A damaged row still lists, with an empty tool.
    }
    return {
      ...base,
      iconSrc: tool.iconSrc ?? null,
      schema: tool.schema ?? null,
      func: tool.func ?? null,
      categories: [],
    };
  }
  return { ...base, flowData: row.flowData, categories: templateCategories(row.flowData) };
}

/** The dialog's argument rows become the JSON text `/tools` takes; text stays as it is. */
function schemaText(schema: string | Record<string, unknown>[] | null | undefined): string | null {
  if (schema === undefined || schema === null) return null;
  if (typeof schema === 'string') return schema;
  return JSON.stringify(
    schema.map(({ id, property, description, type, required }) => ({
      id,
      property,
      description,
      type,
      required,
    })),
  );
}

/** Templates saved by users from their own flows and tools ("Save As Template"). */
export function createCustomTemplateService({
  db,
  clock,
  chatflows,
}: {
  db: Db;
  clock: Clock;
  chatflows: Pick<ChatflowService, 'get'>;
}) {
  const table = workspaceTable(db, 'custom_template', { column: 'updatedDate', direction: 'desc' });

  function assertHolds(ctx: AuthContext, permission: 'templates:toolexport' | 'templates:flowexport') {
    if (!ctx.isOrganizationAdmin && !ctx.permissions.has(permission))
      throw new AppError('FORBIDDEN', 'Forbidden');
  }

  /** flowData and type of a flow template: from a flow of the workspace (sanitised) or as sent. */
  async function flowTemplate(ctx: AuthContext, body: CreateCustomTemplateBody) {
    if (body.chatflowId) {
      const flow = await chatflows.get(ctx, body.chatflowId);
      return {
        flowData: JSON.stringify(sanitizeFlowForExport(parseFlowData(flow.flowData))),
        type: body.type ?? templateTypeOfFlow(flow.type),
      };
    }
    if (!body.flowData)
      throw new AppError(
        'BAD_REQUEST',
        'A flow template needs chatflowId (or flowData); a tool template needs tool',
      );
    return {
      flowData: JSON.stringify(sanitizeFlowForExport(parseFlowData(body.flowData))),
      type: body.type ?? 'Chatflow',
    };
  }

  return {
    async list(ctx: AuthContext): Promise<MarketplaceTemplate[]> {
      return (await table.list(ctx.workspaceId)).map(toListedTemplate);
    },

    /** A tool template stores `{iconSrc, schema, func}` as its flowData, as Flowise does. */
    async create(ctx: AuthContext, body: CreateCustomTemplateBody): Promise<CustomTemplate> {
      const name = body.name?.trim();
      if (!name) throw new AppError('PRECONDITION_FAILED', NO_TEMPLATE_BODY);
      const isTool = body.tool !== undefined || body.type === 'Tool';
      assertHolds(ctx, isTool ? 'templates:toolexport' : 'templates:flowexport');
      if (isTool && !body.tool)
        throw new AppError('BAD_REQUEST', 'A tool template needs the tool (iconSrc, schema, func)');
      const { flowData, type } = isTool
        ? {
            flowData: JSON.stringify({
              iconSrc: body.tool?.iconSrc ?? null,
              schema: schemaText(body.tool?.schema),
              func: body.tool?.func ?? null,
            }),
            type: 'Tool' as const,
          }
        : await flowTemplate(ctx, body);
      const usecases = body.usecases === undefined || body.usecases === null ? [] : [body.usecases].flat();
      const at = clock.now().toISOString();
      const row: CustomTemplate = {
        id: randomUUID(),
        name,
        flowData,
        description: body.description ?? null,
        badge: body.badge ? body.badge.toUpperCase() : null,
        framework: '',
        usecases: JSON.stringify(usecases),
        type,
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await table.insert(row);
      return row;
    },

    async remove(ctx: AuthContext, id: string): Promise<{ raw: unknown[]; affected: number }> {
      if (!(await table.remove(ctx.workspaceId, id)))
        throw new AppError('NOT_FOUND', `Custom template ${id} not found`);
      return { raw: [], affected: 1 };
    },
  };
}
export type CustomTemplateService = ReturnType<typeof createCustomTemplateService>;
