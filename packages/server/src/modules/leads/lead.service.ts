import { randomUUID } from 'node:crypto';
import type { CreateLeadBody, Lead } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess } from '../chat-messages/flow-scope.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import type { LeadRepository } from './lead.repository.js';

/** Contact details visitors leave in the chat embed (FLOWISE_API.md §4.2 `leads`). */
export function createLeadService(deps: { db: Db; leads: LeadRepository; clock: Clock }) {
  const flows = createChatflowRepository(deps.db);
  return {
    /** Public: the embed posts it before the first question. A missing chat id gets a fresh one. */
    async create(body: CreateLeadBody): Promise<Lead> {
      if (!(await flows.exists(body.chatflowid)))
        throw new AppError('NOT_FOUND', `Chatflow ${body.chatflowid} not found`);
      const row: Lead = {
        id: randomUUID(),
        name: body.name ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        chatflowid: body.chatflowid,
        chatId: body.chatId ?? randomUUID(),
        createdDate: deps.clock.now().toISOString(),
      };
      await deps.leads.insert(row);
      return row;
    },

    async list(ctx: AuthContext, chatflowid: string): Promise<Lead[]> {
      await assertFlowAccess(deps.db, ctx, chatflowid, 'view');
      return deps.leads.list(chatflowid);
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
