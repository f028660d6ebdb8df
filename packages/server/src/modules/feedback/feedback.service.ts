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
import { assertFlowAccess, mayAccessFlow } from '../chat-messages/flow-scope.js';
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
 * How long after a rating the chat window may add its comment without naming the chat: Flowise's
 * widget and chat panel send the comment of a rating as a second request holding only `content`.
 */
export const FEEDBACK_COMMENT_WINDOW_MS = 10 * 60_000;

/**
 * Ratings of answers (FLOWISE_API.md §4.2 `feedback`). Posting is public, as the chat embed rates
 * without an account; changing is tied to the chat (see `update`); the list is for the flow's
 * workspace.
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

  /** The chat window's comment right after its rating: only the comment, the first one, soon. */
  function isFollowUpComment(existing: FeedbackRow, body: UpdateFeedbackBody): boolean {
    const ratingKept = body.rating === undefined || body.rating === existing.rating;
    const age = deps.clock.now().getTime() - Date.parse(existing.createdDate);
    return ratingKept && !existing.content && age <= FEEDBACK_COMMENT_WINDOW_MS;
  }

  /** See `update`; the ids sent were already checked against the feedback's message. */
  async function mayChange(existing: FeedbackRow, body: UpdateFeedbackBody, auth: AuthContext | null) {
    if (body.chatId === existing.chatId || isFollowUpComment(existing, body)) return true;
    return auth !== null && mayAccessFlow(deps.db, auth, existing.chatflowid, 'update');
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

    /**
     * Changes rating and/or comment. Ids may be sent but cannot move the feedback elsewhere. Knowing a
     * feedback id is not enough (issue 10): the change must come from a member holding the update
     * permission of the flow's family (`auth`, a web-app session), name the feedback's chat
     * (`chatId`), or be the chat window's comment following its rating — only `content`, on a
     * feedback without one, within {@link FEEDBACK_COMMENT_WINDOW_MS} of the rating.
     */
    async update(id: string, body: UpdateFeedbackBody, auth: AuthContext | null): Promise<{ status: 'OK' }> {
      const existing = await deps.feedback.findById(id);
      if (!existing) throw new AppError('NOT_FOUND', `Feedback with ID ${id} not found`);
      if (body.messageId !== undefined && body.messageId !== existing.messageId) {
        throw new AppError(
          'BAD_REQUEST',
          `Feedback ${id} rates message ${existing.messageId}; it cannot be moved to message ${body.messageId}`,
        );
      }
      assertBelongs(await messageOf(existing.messageId), body);
      if (!(await mayChange(existing, body, auth))) {
        throw new AppError(
          'FORBIDDEN',
          `Feedback ${id} can only be changed from the chat it belongs to: send that chat's chatId with the change.`,
        );
      }
      const patch = {
        ...(body.rating !== undefined && { rating: body.rating }),
        ...(body.content !== undefined && { content: body.content }),
      };
      if (Object.keys(patch).length > 0) await deps.feedback.update(id, patch);
      return { status: 'OK' };
    },

    async list(ctx: AuthContext, filter: FeedbackFilter): Promise<ChatMessageFeedback[]> {
      await assertFlowAccess(deps.db, ctx, filter.chatflowid, 'view');
      return (await deps.feedback.list(filter)).map(toFeedback);
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
