import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_TYPES, FEEDBACK_RATINGS, dateFilter, listFilter } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChatMessageRepository, ChatMessageRow } from './chat-message.repository.js';
import { anyFlowFamily, assertFlowAccess } from './flow-scope.js';

const JSON_COLUMNS = [
  'sourceDocuments',
  'usedTools',
  'fileAnnotations',
  'agentReasoning',
  'reasonContent',
  'fileUploads',
  'action',
  'artifacts',
  'followUpPrompts',
] as const;

/** Stored JSON columns come back parsed (FLOWISE_API.md §4.2 chatmessage). */
function toWire(row: ChatMessageRow & { feedback?: unknown }) {
  const out: Record<string, unknown> = { ...row };
  for (const column of JSON_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string') {
      try {
        out[column] = JSON.parse(value) as unknown;
      } catch {
        // leave as text
      }
    }
  }
  return out;
}

const listQuery = z.object({
  chatType: listFilter('chatType', CHAT_TYPES),
  order: z.enum(['ASC', 'DESC'], { message: 'order must be "ASC" or "DESC"' }).optional(),
  chatId: z.string().optional(),
  memoryType: z.string().optional(),
  sessionId: z.string().optional(),
  messageId: z.string().optional(),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
  feedback: z
    .enum(['true', 'false'], { message: 'feedback must be "true" or "false"' })
    .optional()
    .transform((value) => value === 'true'),
  feedbackType: listFilter('feedbackType', FEEDBACK_RATINGS),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export function registerChatMessageRoutes(
  root: FastifyInstance,
  { db, messages }: { db: Db; messages: ChatMessageRepository },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['chatmessage'];
  const params = z.object({ chatflowid: z.string() });

  app.get(
    '/api/v1/chatmessage/:chatflowid',
    {
      config: { access: anyFlowFamily('view') },
      schema: {
        tags,
        summary: "Messages of a flow, filtered; feedback=true adds each message's feedback",
        params,
        querystring: listQuery,
      },
    },
    async (request) => {
      await assertFlowAccess(db, caller(request), request.params.chatflowid, 'view');
      const q = request.query;
      const filter = {
        chatflowid: request.params.chatflowid,
        chatTypes: q.chatType,
        chatId: q.chatId,
        sessionId: q.sessionId,
        memoryType: q.memoryType,
        messageId: q.messageId,
        startDate: q.startDate,
        endDate: q.endDate,
        order: q.order,
        ...(q.page !== undefined &&
          q.limit !== undefined && { offset: (q.page - 1) * q.limit, limit: q.limit }),
      };
      // `feedbackType` only means something with `feedback=true`, as in Flowise.
      if (q.feedback) return (await messages.listWithFeedback(filter, q.feedbackType)).map(toWire);
      return (await messages.list(filter)).map(toWire);
    },
  );

  app.delete(
    '/api/v1/chatmessage/:chatflowid',
    {
      config: { access: anyFlowFamily('update') },
      schema: {
        tags,
        summary: 'Delete messages of a flow (all, or one chat / session / type / date range)',
        params,
        querystring: listQuery.pick({
          chatId: true,
          sessionId: true,
          memoryType: true,
          chatType: true,
          startDate: true,
          endDate: true,
        }),
      },
    },
    async (request) => {
      // Deleting a flow's chats changes the flow's records: the update permission of its family.
      await assertFlowAccess(db, caller(request), request.params.chatflowid, 'update');
      const q = request.query;
      const deleted = await messages.deleteMatching({
        chatflowid: request.params.chatflowid,
        chatId: q.chatId,
        sessionId: q.sessionId,
        memoryType: q.memoryType,
        chatTypes: q.chatType,
        startDate: q.startDate,
        endDate: q.endDate,
      });
      return { deleted };
    },
  );
}
