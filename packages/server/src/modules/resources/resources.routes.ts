import type { FastifyInstance } from 'fastify';
import {
  createToolBody,
  createVariableBody,
  updateToolBody,
  updateVariableBody,
  type CreateToolBody,
  type CreateVariableBody,
  type UpdateToolBody,
  type UpdateVariableBody,
} from '@flowloom/shared';
import type { CodeSandbox } from '@flowloom/engine';
import { syntaxErrorOf } from '@flowloom/nodes';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { registerCrudRoutes } from './crud.routes.js';
import { createNamedResourceService } from './named-resource.service.js';
import type { RuntimeVariablePolicy } from './runtime-variables.js';

/** Variables (`$vars.NAME`; `runtime` ones read the server environment at run time) and custom tools. */
export function registerResourceRoutes(
  app: FastifyInstance,
  {
    db,
    clock,
    runtimeVariables,
    sandbox,
  }: { db: Db; clock: Clock; runtimeVariables: RuntimeVariablePolicy; sandbox: CodeSandbox },
) {
  /** Tool code that would fail to compile at run time is refused when saved, saying where. */
  const assertCompiles = async (func: string | null | undefined) => {
    if (!func?.trim()) return;
    const error = await syntaxErrorOf(sandbox, func);
    if (error)
      throw new AppError('BAD_REQUEST', `The tool's JavaScript function has a syntax error ${error}`);
  };
  const variables = createNamedResourceService({ db, clock, table: 'variable', label: 'Variable' });
  /** A runtime variable is saved only when the server will let flows read it. */
  const assertReadable = ({ name, type }: { name: string; type: string }) => {
    const refusal = type === 'runtime' ? runtimeVariables.refusal(name) : undefined;
    if (refusal) throw new AppError('BAD_REQUEST', refusal);
  };
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
    service: {
      ...variables,
      create(ctx: AuthContext, body: CreateVariableBody) {
        assertReadable(body);
        return variables.create(ctx, body);
      },
      async update(ctx: AuthContext, id: string, body: UpdateVariableBody) {
        assertReadable({ ...(await variables.get(ctx, id)), ...body });
        return variables.update(ctx, id, body);
      },
    },
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
      async create(ctx: AuthContext, body: CreateToolBody) {
        await assertCompiles(body.func);
        return tools.create(ctx, {
          ...body,
          iconSrc: body.iconSrc ?? null,
          schema: body.schema ?? null,
          func: body.func ?? null,
        });
      },
      async update(ctx: AuthContext, id: string, body: UpdateToolBody) {
        await assertCompiles(body.func);
        return tools.update(ctx, id, body);
      },
    },
  });
}
