import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { statsQuery, type ChatflowStats } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChatMessageRepository } from '../chat-messages/chat-message.repository.js';
import { anyFlowFamily, assertFlowAccess } from '../chat-messages/flow-scope.js';

/** `GET /stats/:chatflowid`: the counts above a flow's message list (FLOWISE_API.md §4.2). */
export function registerStatsRoutes(
  root: FastifyInstance,
  { db, messages }: { db: Db; messages: ChatMessageRepository },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/stats/:chatflowid',
    {
      config: { access: anyFlowFamily('view') },
      schema: {
        tags: ['chatmessage'],
        summary:
          'Messages, sessions and feedback of a flow; filters chatType, startDate, endDate, feedbackType',
        params: z.object({ chatflowid: z.string().min(1) }),
        querystring: statsQuery,
      },
    },
    async (request): Promise<ChatflowStats> => {
      const { chatflowid } = request.params;
      await assertFlowAccess(db, caller(request), chatflowid, 'view');
      const q = request.query;
      if (q.startDate && q.endDate && q.startDate > q.endDate)
        throw new AppError('BAD_REQUEST', 'startDate must not be after endDate');
      return messages.stats(
        { chatflowid, chatTypes: q.chatType, startDate: q.startDate, endDate: q.endDate },
        q.feedbackType,
      );
    },
  );
}
