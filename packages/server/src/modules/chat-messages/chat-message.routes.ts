import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_TYPES, FEEDBACK_RATINGS, dateFilter, listFilter } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChatClearing } from './chat-clearing.js';
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
export function toWire(row: ChatMessageRow & { feedback?: unknown }) {
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

/** Longest accepted id or memory name in a filter. */
const ID_MAX = 255;
const idFilter = (field: string) =>
  z.string().max(ID_MAX, `${field} must be at most ${ID_MAX} characters`).optional();

/** A date range that ends before it starts is a mistake, not an empty answer. */
function assertRange(q: { startDate?: string; endDate?: string }) {
  if (q.startDate && q.endDate && q.startDate > q.endDate)
    throw new AppError('BAD_REQUEST', 'startDate must not be after endDate');
}

function withoutFeedback<T extends { feedback?: unknown }>(row: T): Omit<T, 'feedback'> {
  const { feedback: _feedback, ...rest } = row;
  return rest;
}

const listQuery = z.object({
  chatType: listFilter('chatType', CHAT_TYPES),
  order: z.enum(['ASC', 'DESC'], { message: 'order must be "ASC" or "DESC"' }).optional(),
  chatId: idFilter('chatId'),
  memoryType: idFilter('memoryType'),
  sessionId: idFilter('sessionId'),
  messageId: idFilter('messageId'),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
  feedback: z
    .enum(['true', 'false'], { message: 'feedback must be "true" or "false"' })
    .optional()
    .transform((value) => value === 'true'),
  feedbackType: listFilter('feedbackType', FEEDBACK_RATINGS),
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page must be at most 1000000')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 1000' })
    .int('limit must be a whole number from 1 to 1000')
    .min(1, 'limit must be a whole number from 1 to 1000')
    .max(1000, 'limit must be a whole number from 1 to 1000')
    .optional(),
});

const deleteQuery = listQuery
  .pick({
    chatId: true,
    sessionId: true,
    memoryType: true,
    chatType: true,
    startDate: true,
    endDate: true,
    feedbackType: true,
  })
  .extend({
    // As in Flowise: a chat cleared by id is also cleared in memories kept outside Flowloom
    // (Redis, Upstash, the user's database); without a chat id only with `hardDelete`. From the
    // message viewer (`isClearFromViewMessageDialog`) only the memory named by `memoryType`.
    hardDelete: z.enum(['true', 'false'], { message: 'hardDelete must be "true" or "false"' }).optional(),
    isClearFromViewMessageDialog: z
      .enum(['true', 'false'], { message: 'isClearFromViewMessageDialog must be "true" or "false"' })
      .optional(),
  });

export function registerChatMessageRoutes(
  root: FastifyInstance,
  {
    db,
    messages,
    clearing,
  }: {
    db: Db;
    messages: ChatMessageRepository;
    /** Deletes messages with what their chats kept elsewhere (memories, files, OpenAI threads). */
    clearing: ChatClearing;
  },
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
      assertRange(q);
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
      };
      // `feedbackType` only means something with `feedback=true`, as in Flowise.
      const ratings = q.feedback ? q.feedbackType : undefined;
      if (q.page !== undefined && q.limit !== undefined && !q.sessionId && !q.messageId) {
        // A page counts sessions, as `/stats` totalSessions does (SHARING.md §6.1).
        const rows = await messages.listSessionPage(
          { ...filter, offset: (q.page - 1) * q.limit, limit: q.limit },
          ratings,
        );
        return rows.map((row) => toWire(q.feedback ? row : withoutFeedback(row)));
      }
      if (q.feedback) return (await messages.listWithFeedback(filter, ratings)).map(toWire);
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
        querystring: deleteQuery,
      },
    },
    async (request) => {
      // Deleting a flow's chats changes the flow's records: the update permission of its family.
      await assertFlowAccess(db, caller(request), request.params.chatflowid, 'update');
      const q = request.query;
      assertRange(q);
      const deleted = await clearing.clear(
        caller(request).workspaceId,
        {
          chatflowid: request.params.chatflowid,
          chatId: q.chatId,
          sessionId: q.sessionId,
          memoryType: q.memoryType,
          chatTypes: q.chatType,
          startDate: q.startDate,
          endDate: q.endDate,
        },
        // A rating filter picks single exchanges; a named chat is cleared whole, as in Flowise.
        q.chatId ? undefined : q.feedbackType,
        {
          hardDelete: q.hardDelete === 'true',
          viewerMemory: q.isClearFromViewMessageDialog === 'true' ? q.memoryType : undefined,
        },
      );
      return { deleted };
    },
  );
}
