import { Readable } from 'node:stream';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_TYPES, FEEDBACK_RATINGS, dateFilter, listFilter, type FeedbackRating } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import {
  keepRated,
  type ChatMessageRepository,
  type MessageFilter,
  type MessageWithFeedback,
} from './chat-message.repository.js';
import { assertFlowAccess } from './flow-scope.js';

/** Conversations read and written per step: memory stays bounded whatever the flow holds. */
export const CONVERSATIONS_PER_BATCH = 500;

export const exportMessagesBody = z.object({
  chatflowId: z
    .string({ message: 'chatflowId is required' })
    .trim()
    .min(1, 'chatflowId is required')
    .max(255, 'chatflowId must be at most 255 characters'),
  chatType: listFilter('chatType', CHAT_TYPES),
  feedbackType: listFilter('feedbackType', FEEDBACK_RATINGS),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
});

const SOURCES: Record<string, string> = {
  INTERNAL: 'UI',
  EXTERNAL: 'API/Embed',
  MCP: 'MCP',
  SCHEDULED: 'Scheduled',
  WEBHOOK: 'Webhook',
  EVALUATION: 'Evaluation',
};

/** The export's name for a chat type (SHARING.md §6.1). */
export const sourceName = (chatType: string | null): string => (chatType && SOURCES[chatType]) || 'Unknown';

/** A conversation is one chat, split by session only when the memory names one (as Flowise). */
export function conversationKey(row: {
  chatId: string;
  memoryType: string | null;
  sessionId: string | null;
}): string {
  return row.memoryType && row.sessionId ? `${row.chatId}_${row.memoryType}_${row.sessionId}` : row.chatId;
}

function parsed(value: string | null): unknown {
  if (value === null) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

interface ExportContext {
  /** `<FLOWLOOM_HOME>/storage`: the root the `filePaths` name. */
  storageRoot: string;
  /** The app's address, for links to generated images. */
  baseUrl: string;
}

/** One message of the export file (SHARING.md §6.1). */
export function exportedMessage(row: MessageWithFeedback, ctx: ExportContext): Record<string, unknown> {
  const message: Record<string, unknown> = {
    content: row.content,
    role: row.role === 'apiMessage' ? 'bot' : 'user',
    time: row.createdDate,
  };
  const uploads = parsed(row.fileUploads);
  if (Array.isArray(uploads)) {
    const filePaths = uploads
      .filter(
        (file): file is { type: string; name: string } =>
          typeof file === 'object' &&
          file !== null &&
          (file as { type?: unknown }).type === 'stored-file' &&
          typeof (file as { name?: unknown }).name === 'string',
      )
      .map((file) => join(ctx.storageRoot, row.chatflowid, row.chatId, file.name));
    if (filePaths.length) message.filePaths = filePaths;
  }
  for (const column of ['sourceDocuments', 'usedTools', 'fileAnnotations'] as const) {
    const value = parsed(row[column]);
    if (value !== undefined) message[column] = value;
  }
  if (row.feedback) message.feedback = row.feedback.content;
  const reasoning = parsed(row.agentReasoning);
  if (reasoning !== undefined) message.agentReasoning = reasoning;
  const artifacts = parsed(row.artifacts);
  if (artifacts !== undefined) {
    message.artifacts = Array.isArray(artifacts)
      ? artifacts.map((artifact: unknown) => {
          const item = artifact as { type?: unknown; data?: unknown } | null;
          if (!item || (item.type !== 'png' && item.type !== 'jpeg') || typeof item.data !== 'string')
            return artifact;
          const query = new URLSearchParams({
            chatflowId: row.chatflowid,
            chatId: row.chatId,
            fileName: item.data.replace('FILE-STORAGE::', ''),
          });
          return { ...item, data: `${ctx.baseUrl}/api/v1/get-upload-file?${query.toString()}` };
        })
      : artifacts;
  }
  return message;
}

/**
 * The export file, as text pieces: a JSON array of conversations, the one with the latest message
 * first, each with its messages oldest first. Conversations are read a batch at a time.
 */
export async function* exportConversations(
  messages: ChatMessageRepository,
  filter: MessageFilter,
  ratings: readonly FeedbackRating[] | undefined,
  ctx: ExportContext,
): AsyncGenerator<string> {
  const order: string[] = [];
  const chatOf = new Map<string, string>();
  for (const key of await messages.conversations(filter)) {
    const id = conversationKey(key);
    if (chatOf.has(id)) continue;
    chatOf.set(id, key.chatId);
    order.push(id);
  }
  yield '[';
  let first = true;
  for (let start = 0; start < order.length; start += CONVERSATIONS_PER_BATCH) {
    const batch = order.slice(start, start + CONVERSATIONS_PER_BATCH);
    const chatIds = [...new Set(batch.map((id) => chatOf.get(id)!))];
    const rows = await messages.withFeedback(await messages.list({ ...filter, chatIds, order: 'ASC' }));
    const grouped = new Map<string, MessageWithFeedback[]>();
    for (const row of rows) {
      const id = conversationKey(row);
      const list = grouped.get(id);
      if (list) list.push(row);
      else grouped.set(id, [row]);
    }
    for (const id of batch) {
      let conversation = grouped.get(id) ?? [];
      if (ratings?.length) conversation = keepRated(conversation, ratings);
      const head = conversation[0];
      if (!head) continue;
      const out = {
        id: head.chatId,
        source: sourceName(head.chatType),
        sessionId: head.sessionId ?? null,
        memoryType: head.memoryType ?? null,
        email: conversation.find((m) => m.leadEmail)?.leadEmail ?? null,
        messages: conversation.map((row) => exportedMessage(row, ctx)),
      };
      yield `${first ? '' : ','}${JSON.stringify(out)}`;
      first = false;
    }
  }
  yield ']';
}

/** `POST /export-import/chatflow-messages`: a flow's conversations as a JSON attachment. */
export function registerMessageExportRoutes(
  root: FastifyInstance,
  deps: { db: Db; messages: ChatMessageRepository; home: string; appUrl: string },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v1/export-import/chatflow-messages',
    {
      config: { access: can('workspace:export') },
      schema: {
        tags: ['export-import'],
        summary: "A flow's conversations (filtered by source, rating and dates) as a JSON file",
        body: exportMessagesBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertFlowAccess(deps.db, caller(request), body.chatflowId, 'view');
      if (body.startDate && body.endDate && body.startDate > body.endDate)
        throw new AppError('BAD_REQUEST', 'startDate must not be after endDate');
      const filter: MessageFilter = {
        chatflowid: body.chatflowId,
        chatTypes: body.chatType,
        startDate: body.startDate,
        endDate: body.endDate,
      };
      const pieces = exportConversations(deps.messages, filter, body.feedbackType, {
        storageRoot: join(deps.home, 'storage'),
        baseUrl: deps.appUrl,
      });
      // The first piece is read before answering, so a failing query still gets a JSON error.
      const firstPiece = await pieces.next();
      async function* rest() {
        if (!firstPiece.done) yield firstPiece.value;
        yield* pieces;
      }
      const fileName = `${body.chatflowId}-Message.json`.replace(/["\\\r\n]/g, '_');
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(Readable.from(rest()));
    },
  );
}
