import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { ChatTurn, ChatflowStats, FeedbackRating } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { createGroupWriter } from '../../db/group-writer.js';
import { preparedInsert } from '../../db/prepared.js';
import type { ChatMessageFeedbackTable, ChatMessageTable, Database } from '../../db/schema.js';

export type ChatMessageRow = Selectable<ChatMessageTable>;
export type FeedbackRow = Selectable<ChatMessageFeedbackTable>;

export interface MessageFilter {
  chatflowid: string;
  chatTypes?: string[];
  chatId?: string;
  sessionId?: string;
  memoryType?: string;
  messageId?: string;
  startDate?: string;
  endDate?: string;
  order?: 'ASC' | 'DESC';
  offset?: number;
  limit?: number;
}

/** The `where` of a message filter, columns qualified so it also holds in a join with feedback. */
function matches(filter: MessageFilter) {
  return (eb: ExpressionBuilder<Database, 'chat_message'>) => {
    const all = [eb('chat_message.chatflowid', '=', filter.chatflowid)];
    if (filter.chatTypes?.length) all.push(eb('chat_message.chatType', 'in', filter.chatTypes));
    if (filter.chatId) all.push(eb('chat_message.chatId', '=', filter.chatId));
    if (filter.sessionId) all.push(eb('chat_message.sessionId', '=', filter.sessionId));
    if (filter.memoryType) all.push(eb('chat_message.memoryType', '=', filter.memoryType));
    if (filter.messageId) all.push(eb('chat_message.id', '=', filter.messageId));
    if (filter.startDate) all.push(eb('chat_message.createdDate', '>=', filter.startDate));
    if (filter.endDate) all.push(eb('chat_message.createdDate', '<=', filter.endDate));
    return eb.and(all);
  };
}

/**
 * Keeps the answers rated with one of `ratings`, each with the message just before it (the question),
 * as Flowise's `feedbackType` filter does.
 */
export function keepRated<T extends { role: string; feedback: FeedbackRow | null }>(
  rows: T[],
  ratings: readonly FeedbackRating[],
): T[] {
  const keep = new Set<number>();
  rows.forEach((row, index) => {
    if (row.role !== 'apiMessage' || !row.feedback) return;
    if (!ratings.includes(row.feedback.rating as FeedbackRating)) return;
    if (index > 0) keep.add(index - 1);
    keep.add(index);
  });
  return rows.filter((_, index) => keep.has(index));
}

/** Every column of `chat_message`: a message row is always written whole. */
const MESSAGE_COLUMNS = [
  'id',
  'role',
  'chatflowid',
  'executionId',
  'content',
  'sourceDocuments',
  'usedTools',
  'fileAnnotations',
  'agentReasoning',
  'reasonContent',
  'fileUploads',
  'artifacts',
  'action',
  'chatType',
  'chatId',
  'memoryType',
  'sessionId',
  'leadEmail',
  'followUpPrompts',
  'createdDate',
] as const satisfies readonly (keyof ChatMessageTable)[];
// A column added to the table but not to the list above fails to compile here.
const everyColumnListed: [Exclude<keyof ChatMessageTable, (typeof MESSAGE_COLUMNS)[number]>] extends [never]
  ? true
  : never = true;
void everyColumnListed;

export function createChatMessageRepository(db: Db) {
  // One INSERT statement is atomic on both engines, so an exchange needs no explicit transaction,
  // and the exchanges of runs finishing together share one statement (one commit, one WAL write).
  const insertMessages = preparedInsert(db, 'chat_message', MESSAGE_COLUMNS);
  const exchanges = createGroupWriter<Insertable<ChatMessageTable>>(insertMessages);
  function list(filter: MessageFilter): Promise<ChatMessageRow[]> {
    let query = db
      .selectFrom('chat_message')
      .selectAll()
      .where(matches(filter))
      .orderBy('createdDate', filter.order === 'DESC' ? 'desc' : 'asc');
    if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
    return query.execute();
  }

  /**
   * Messages with their feedback (`null` when unrated); with `ratings`, only rated answers and the
   * question before each (FLOWISE_API.md §4.2 `feedback=true`, `feedbackType`).
   */
  async function listWithFeedback(
    filter: MessageFilter,
    ratings?: readonly FeedbackRating[],
  ): Promise<(ChatMessageRow & { feedback: FeedbackRow | null })[]> {
    const [rows, feedback] = await Promise.all([
      // Rating filters pick rows after ordering, so they see every message and paginate afterwards.
      list(ratings?.length ? { ...filter, offset: undefined, limit: undefined } : filter),
      db
        .selectFrom('chat_message_feedback')
        .selectAll()
        .where('chatflowid', '=', filter.chatflowid)
        .execute(),
    ]);
    const byMessage = new Map(feedback.map((f) => [f.messageId, f]));
    const joined = rows.map((row) => ({ ...row, feedback: byMessage.get(row.id) ?? null }));
    if (!ratings?.length) return joined;
    const rated = keepRated(joined, ratings);
    return filter.limit === undefined
      ? rated
      : rated.slice(filter.offset ?? 0, (filter.offset ?? 0) + filter.limit);
  }

  return {
    /** A session's turns, oldest first: the memory of DB-backed memory nodes. */
    async loadSession(chatflowid: string, sessionId: string): Promise<ChatTurn[]> {
      const rows = await db
        .selectFrom('chat_message')
        .select(['role', 'content'])
        .where('chatflowid', '=', chatflowid)
        .where('sessionId', '=', sessionId)
        .orderBy('createdDate', 'asc')
        .execute();
      return rows.map((r) => ({
        role: r.role === 'userMessage' ? 'userMessage' : 'apiMessage',
        content: r.content,
      }));
    },
    /** Deletes a flow's messages, all or those of one chat, session, memory, type or date range. */
    async deleteMatching(
      filter: Omit<MessageFilter, 'messageId' | 'order' | 'offset' | 'limit'>,
    ): Promise<number> {
      const result = await db.deleteFrom('chat_message').where(matches(filter)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** A resumed run answers the pending human-input action: it leaves the earlier message. */
    clearPendingAction: (chatflowid: string, sessionId: string) =>
      db
        .updateTable('chat_message')
        .set({ action: null })
        .where('chatflowid', '=', chatflowid)
        .where('sessionId', '=', sessionId)
        .where('action', 'is not', null)
        .execute(),
    /** Both messages of one exchange, together or not at all (group-committed with concurrent runs). */
    insertExchange: (rows: Insertable<ChatMessageTable>[]) => exchanges.write(rows),
    findById: (id: string): Promise<ChatMessageRow | undefined> =>
      db.selectFrom('chat_message').selectAll().where('id', '=', id).executeTakeFirst(),
    list,
    listWithFeedback,
    /** Counts for the flow's analytics header; rating filters count like the filtered message list. */
    async stats(filter: MessageFilter, ratings?: readonly FeedbackRating[]): Promise<ChatflowStats> {
      if (ratings?.length) {
        const rows = await listWithFeedback(filter, ratings);
        return {
          totalMessages: rows.length,
          totalSessions: new Set(rows.map((r) => r.sessionId)).size,
          totalFeedback: rows.filter((r) => r.feedback).length,
          positiveFeedback: rows.filter((r) => r.feedback?.rating === 'THUMBS_UP').length,
        };
      }
      const row = await db
        .selectFrom('chat_message')
        .leftJoin('chat_message_feedback', 'chat_message_feedback.messageId', 'chat_message.id')
        .where(matches(filter))
        .select((eb) => [
          eb.fn.countAll<number>().as('totalMessages'),
          eb.fn.count<number>('chat_message.sessionId').distinct().as('totalSessions'),
          eb.fn.count<number>('chat_message_feedback.id').as('totalFeedback'),
          eb.fn
            .count<number>(
              eb
                .case()
                .when('chat_message_feedback.rating', '=', 'THUMBS_UP')
                .then(eb.ref('chat_message_feedback.id'))
                .end(),
            )
            .as('positiveFeedback'),
        ])
        .executeTakeFirst();
      return {
        totalMessages: Number(row?.totalMessages ?? 0),
        totalSessions: Number(row?.totalSessions ?? 0),
        totalFeedback: Number(row?.totalFeedback ?? 0),
        positiveFeedback: Number(row?.positiveFeedback ?? 0),
      };
    },
  };
}
export type ChatMessageRepository = ReturnType<typeof createChatMessageRepository>;
