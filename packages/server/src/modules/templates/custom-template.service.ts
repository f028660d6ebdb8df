import { randomUUID } from 'node:crypto';
import type { CreateCustomTemplateBody, CustomTemplate } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';

/** Templates saved by users from their own flows and tools ("Save as template"). */
export function createCustomTemplateService({ db, clock }: { db: Db; clock: Clock }) {
  const table = workspaceTable(db, 'custom_template', { column: 'updatedDate', direction: 'desc' });

  return {
    list: (ctx: AuthContext): Promise<CustomTemplate[]> => table.list(ctx.workspaceId),

    /** A tool template stores `{iconSrc, schema, func}` as its flowData, as Flowise does. */
    async create(ctx: AuthContext, body: CreateCustomTemplateBody): Promise<CustomTemplate> {
      const isTool = body.type === 'Tool' || body.tool !== undefined;
      const needed = isTool ? 'templates:toolexport' : 'templates:flowexport';
      if (!ctx.isOrganizationAdmin && !ctx.permissions.has(needed))
        throw new AppError('FORBIDDEN', 'Forbidden');
      const at = clock.now().toISOString();
      const row: CustomTemplate = {
        id: randomUUID(),
        name: body.name,
        flowData: isTool
          ? JSON.stringify({
              iconSrc: body.tool?.iconSrc ?? null,
              schema: body.tool?.schema ?? null,
              func: body.tool?.func ?? null,
            })
          : (body.flowData ?? ''),
        description: body.description ?? null,
        badge: body.badge ?? null,
        framework: body.framework ?? null,
        usecases: body.usecases ?? null,
        type: isTool ? 'Tool' : (body.type ?? 'Chatflow'),
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await table.insert(row);
      return row;
    },

    async remove(ctx: AuthContext, id: string): Promise<void> {
      if (!(await table.remove(ctx.workspaceId, id)))
        throw new AppError('NOT_FOUND', `Custom template ${id} not found`);
    },
  };
}
export type CustomTemplateService = ReturnType<typeof createCustomTemplateService>;
