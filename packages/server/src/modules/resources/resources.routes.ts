import type { FastifyInstance } from 'fastify';
import {
  createToolBody,
  createVariableBody,
  updateToolBody,
  updateVariableBody,
  type CreateToolBody,
  type UpdateToolBody,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { registerCrudRoutes } from './crud.routes.js';
import { createNamedResourceService } from './named-resource.service.js';

/** Variables (`$vars.NAME`; `runtime` ones read the server environment at run time) and custom tools. */
export function registerResourceRoutes(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  const variables = createNamedResourceService({ db, clock, table: 'variable', label: 'Variable' });
  registerCrudRoutes(app, {
    path: '/api/v1/variables',
    tag: 'variables',
    noun: 'variable',
    permissions: {
      view: 'variables:view',
      create: 'variables:create',
      update: 'variables:update',
      delete: 'variables:delete',
    },
    createBody: createVariableBody,
    updateBody: updateVariableBody,
    service: variables,
  });

  const tools = createNamedResourceService({ db, clock, table: 'tool', label: 'Tool' });
  registerCrudRoutes(app, {
    path: '/api/v1/tools',
    tag: 'tools',
    noun: 'tool',
    permissions: {
      view: 'tools:view',
      create: 'tools:create',
      update: 'tools:update',
      delete: 'tools:delete',
    },
    createBody: createToolBody,
    updateBody: updateToolBody,
    service: {
      ...tools,
      create: (ctx: AuthContext, body: CreateToolBody) =>
        tools.create(ctx, {
          ...body,
          iconSrc: body.iconSrc ?? null,
          schema: body.schema ?? null,
          func: body.func ?? null,
        }),
      update: (ctx: AuthContext, id: string, body: UpdateToolBody) => tools.update(ctx, id, body),
    },
  });
}
