import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import type { AuthContext } from '../auth/auth.service.js';

/**
 * Refuses a flow of another workspace exactly like a missing one, so ids of other workspaces
 * reveal nothing. Used by every authenticated route about a flow's chats.
 */
export async function assertFlowInWorkspace(db: Db, ctx: AuthContext, chatflowid: string): Promise<void> {
  if (!(await createChatflowRepository(db).existsInWorkspace(chatflowid, ctx.workspaceId)))
    throw new AppError('NOT_FOUND', `Chatflow ${chatflowid} not found`);
}
