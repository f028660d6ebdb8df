import type { ChatflowType } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { can, type Access } from '../../http/access.js';
import { createChatflowRepository, type ChatflowRepository } from '../chatflows/chatflow.repository.js';
import { flowPermission } from '../chatflows/chatflow.service.js';
import type { AuthContext } from '../auth/auth.service.js';

/** What a route does to a flow or its records; it picks the action of the flow family's permission. */
export type FlowAction = 'view' | 'create' | 'update' | 'delete';

/**
 * The route-level access of a flow-scoped route: `action` in any flow family. The handler then
 * narrows it to the flow's own family with {@link assertFlowAccess}.
 */
export const anyFlowFamily = (action: FlowAction): Access =>
  can(`chatflows:${action}`, `agentflows:${action}`, `assistants:${action}`);

// One repository per database, so its prepared reads are compiled once.
const repositories = new WeakMap<Db, ChatflowRepository>();
function flowsOf(db: Db): ChatflowRepository {
  let repository = repositories.get(db);
  if (!repository) {
    repository = createChatflowRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}

/** Whether the caller holds the permission of the flow's own family for `action` (admins hold all). */
function holds(ctx: AuthContext, type: ChatflowType, action: FlowAction): boolean {
  return ctx.isOrganizationAdmin || ctx.permissions.has(flowPermission(type, action));
}

/**
 * Checks a flow the caller already loaded: a flow of another workspace is refused exactly like a
 * missing one (ids of other workspaces reveal nothing), then the caller needs the permission of the
 * flow's own family for `action` (`chatflows:view` opens chatflows, not agentflows), as the flow
 * routes require. Organization admins hold every permission.
 */
export function assertFlowPermission(
  ctx: AuthContext,
  flow: { id: string; type: string; workspaceId: string },
  action: FlowAction,
): ChatflowType {
  if (flow.workspaceId !== ctx.workspaceId) throw new AppError('NOT_FOUND', `Chatflow ${flow.id} not found`);
  const type = flow.type as ChatflowType;
  if (!holds(ctx, type, action)) throw new AppError('FORBIDDEN', 'Forbidden');
  return type;
}

/**
 * The one check of every authenticated route about a flow's records (messages, feedback, leads,
 * stats, config): the flow must be in the caller's workspace and the caller must hold the
 * permission of the flow's family for `action`. Answers the flow's type.
 */
export async function assertFlowAccess(
  db: Db,
  ctx: AuthContext,
  chatflowid: string,
  action: FlowAction,
): Promise<ChatflowType> {
  const flow = await flowsOf(db).runSettings(chatflowid);
  if (!flow) throw new AppError('NOT_FOUND', `Chatflow ${chatflowid} not found`);
  return assertFlowPermission(ctx, flow, action);
}

/** The same rule as {@link assertFlowAccess}, as a yes or no (for public routes with a second way in). */
export async function mayAccessFlow(
  db: Db,
  ctx: AuthContext,
  chatflowid: string,
  action: FlowAction,
): Promise<boolean> {
  const flow = await flowsOf(db).runSettings(chatflowid);
  return flow?.workspaceId === ctx.workspaceId && holds(ctx, flow.type as ChatflowType, action);
}
