import { randomUUID } from 'node:crypto';
import type {
  ChatMessageFeedback,
  CreateFeedbackBody,
  FeedbackRating,
  UpdateFeedbackBody,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { ChatMessageRepository, ChatMessageRow } from '../chat-messages/chat-message.repository.js';
import { assertFlowInWorkspace } from '../chat-messages/flow-scope.js';
import type { FeedbackFilter, FeedbackRepository, FeedbackRow } from './feedback.repository.js';

function toFeedback(row: FeedbackRow): ChatMessageFeedback {
  return { ...row, rating: row.rating as FeedbackRating | null };
}

/** The ids a request sent must be the message's own (Flowise's wording). */
function assertBelongs(message: ChatMessageRow, ids: { chatId?: string; chatflowid?: string }) {
  if (ids.chatId !== undefined && ids.chatId !== message.chatId) {
    throw new AppError(
      'BAD_REQUEST',
      `Inconsistent chat ID: message with ID ${message.id} does not belong to chat with ID ${ids.chatId}`,
    );
  }
  if (ids.chatflowid !== undefined && ids.chatflowid !== message.chatflowid) {
    throw new AppError(
      'BAD_REQUEST',
      `Inconsistent chatflow ID: message with ID ${message.id} does not belong to chatflow with ID ${ids.chatflowid}`,
    );
  }
}

/**
 * Ratings of answers (FLOWISE_API.md §4.2 `feedback`). Posting and changing are public, as the chat
 * embed does both without an account; the list is for the flow's workspace.
 */
export function createFeedbackService(deps: {
  db: Db;
  feedback: FeedbackRepository;
  messages: ChatMessageRepository;
  clock: Clock;
}) {
  async function messageOf(messageId: string): Promise<ChatMessageRow> {
    const message = await deps.messages.findById(messageId);
    if (!message) throw new AppError('NOT_FOUND', `Message with ID ${messageId} not found`);
    return message;
  }

  function alreadyRated(existing: FeedbackRow): AppError {
    return new AppError(
      'CONFLICT',
      `Message ${existing.messageId} already has feedback ${existing.id}; change it with PUT /api/v1/feedback/${existing.id}`,
      { extra: { feedbackId: existing.id } },
    );
  }

  return {
    /**
     * Rates one answer. Chat and flow ids default to the message's and must match it when sent. A
     * message holds one feedback: a second rating is refused (409) and changed with PUT instead.
     */
    async create(body: CreateFeedbackBody, flowIdFromPath?: string): Promise<ChatMessageFeedback> {
      if (flowIdFromPath && body.chatflowid && body.chatflowid !== flowIdFromPath) {
        throw new AppError(
          'BAD_REQUEST',
          `chatflowid ${body.chatflowid} in the body differs from ${flowIdFromPath} in the URL`,
        );
      }
      const message = await messageOf(body.messageId);
      assertBelongs(message, { chatId: body.chatId, chatflowid: body.chatflowid ?? flowIdFromPath });
      const existing = await deps.feedback.findByMessage(message.id);
      if (existing) throw alreadyRated(existing);
      const row: FeedbackRow = {
        id: randomUUID(),
        chatflowid: message.chatflowid,
        chatId: message.chatId,
        messageId: message.id,
        rating: body.rating,
        content: body.content ?? null,
        createdDate: deps.clock.now().toISOString(),
      };
      try {
        await deps.feedback.insert(row);
      } catch (error) {
        // Two ratings of one message at the same moment: the unique index keeps one.
        const winner = await deps.feedback.findByMessage(message.id);
        if (winner) throw alreadyRated(winner);
        throw error;
      }
      return toFeedback(row);
    },

    /** Changes rating and/or comment. Ids may be sent but cannot move the feedback elsewhere. */
    async update(id: string, body: UpdateFeedbackBody): Promise<{ status: 'OK' }> {
      const existing = await deps.feedback.findById(id);
      if (!existing) throw new AppError('NOT_FOUND', `Feedback with ID ${id} not found`);
      if (body.messageId !== undefined && body.messageId !== existing.messageId) {
        throw new AppError(
          'BAD_REQUEST',
          `Feedback ${id} rates message ${existing.messageId}; it cannot be moved to message ${body.messageId}`,
        );
      }
      assertBelongs(await messageOf(existing.messageId), body);
      const patch = {
        ...(body.rating !== undefined && { rating: body.rating }),
        ...(body.content !== undefined && { content: body.content }),
      };
      if (Object.keys(patch).length > 0) await deps.feedback.update(id, patch);
      return { status: 'OK' };
    },

    async list(ctx: AuthContext, filter: FeedbackFilter): Promise<ChatMessageFeedback[]> {
      await assertFlowInWorkspace(deps.db, ctx, filter.chatflowid);
      return (await deps.feedback.list(filter)).map(toFeedback);
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
