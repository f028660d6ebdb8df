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
  /** Messages of any of these chats (a batch of the export). */
  chatIds?: string[];
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
    if (filter.chatIds) all.push(eb('chat_message.chatId', 'in', filter.chatIds));
    if (filter.sessionId) all.push(eb('chat_message.sessionId', '=', filter.sessionId));
    if (filter.memoryType) all.push(eb('chat_message.memoryType', '=', filter.memoryType));
    if (filter.messageId) all.push(eb('chat_message.id', '=', filter.messageId));
    if (filter.startDate) all.push(eb('chat_message.createdDate', '>=', filter.startDate));
    if (filter.endDate) all.push(eb('chat_message.createdDate', '<=', filter.endDate));
    return eb.and(all);
  };
}

/**
 * Keeps the answers rated with one of `ratings`, each with the message just before it in its
 * session (the question), as Flowise's `feedbackType` filter does. The rows keep their order.
 */
export function keepRated<
  T extends { role: string; sessionId: string | null; createdDate: string; feedback: FeedbackRow | null },
>(rows: T[], ratings: readonly FeedbackRating[]): T[] {
  const sessions = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = sessions.get(row.sessionId);
    if (list) list.push(row);
    else sessions.set(row.sessionId, [row]);
  }
  const keep = new Set<T>();
  for (const list of sessions.values()) {
    const oldestFirst = [...list].sort((a, b) => a.createdDate.localeCompare(b.createdDate));
    oldestFirst.forEach((row, index) => {
      if (row.role !== 'apiMessage' || !row.feedback) return;
      if (!ratings.includes(row.feedback.rating as FeedbackRating)) return;
      if (index > 0) keep.add(oldestFirst[index - 1]!);
      keep.add(row);
    });
  }
  return rows.filter((row) => keep.has(row));
}

/** Ids per statement when a list of ids goes into `in (…)` (SQLite allows 999 parameters). */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

export type MessageWithFeedback = ChatMessageRow & { feedback: FeedbackRow | null };

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

  /** The feedback rows of `rows`, by message id (only theirs: a flow may hold many). */
  async function feedbackOf(rows: readonly { id: string }[]): Promise<Map<string, FeedbackRow>> {
    const byMessage = new Map<string, FeedbackRow>();
    for (const ids of chunks(rows.map((r) => r.id))) {
      const found = await db
        .selectFrom('chat_message_feedback')
        .selectAll()
        .where('messageId', 'in', ids)
        .execute();
      for (const f of found) byMessage.set(f.messageId, f);
    }
    return byMessage;
  }

  async function withFeedback(rows: ChatMessageRow[]): Promise<MessageWithFeedback[]> {
    if (rows.length === 0) return [];
    const byMessage = await feedbackOf(rows);
    return rows.map((row) => ({ ...row, feedback: byMessage.get(row.id) ?? null }));
  }

  /**
   * Messages with their feedback (`null` when unrated); with `ratings`, only rated answers and the
   * question before each (FLOWISE_API.md §4.2 `feedback=true`, `feedbackType`).
   */
  async function listWithFeedback(
    filter: MessageFilter,
    ratings?: readonly FeedbackRating[],
  ): Promise<MessageWithFeedback[]> {
    // Rating filters pick rows after ordering, so they see every message and paginate afterwards.
    const rows = await list(ratings?.length ? { ...filter, offset: undefined, limit: undefined } : filter);
    const joined = await withFeedback(rows);
    if (!ratings?.length) return joined;
    const rated = keepRated(joined, ratings);
    return filter.limit === undefined
      ? rated
      : rated.slice(filter.offset ?? 0, (filter.offset ?? 0) + filter.limit);
  }

  /**
   * One page of sessions and all their messages that match the filter (the message viewer's left
   * list): sessions ordered by their latest message, `limit` sessions after `offset` sessions. With
   * `ratings`, only sessions holding such a rating, and of them the rated answers with their
   * questions. Paging counts sessions as `/stats` `totalSessions` does.
   */
  async function listSessionPage(
    filter: MessageFilter & { offset: number; limit: number },
    ratings?: readonly FeedbackRating[],
  ): Promise<MessageWithFeedback[]> {
    const base = { ...filter, offset: undefined, limit: undefined, messageId: undefined };
    let sessions = db
      .selectFrom('chat_message')
      .select('chat_message.sessionId')
      .where(matches(base))
      .groupBy('chat_message.sessionId');
    if (ratings?.length)
      sessions = sessions
        .innerJoin('chat_message_feedback', 'chat_message_feedback.messageId', 'chat_message.id')
        .where('chat_message_feedback.rating', 'in', [...ratings]);
    const page = await sessions
      .orderBy((eb) => eb.fn.max('chat_message.createdDate'), filter.order === 'ASC' ? 'asc' : 'desc')
      .orderBy('chat_message.sessionId')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    if (page.length === 0) return [];
    const ids = page.map((p) => p.sessionId).filter((id): id is string => id !== null);
    const withoutSession = page.some((p) => p.sessionId === null);
    const rows = await db
      .selectFrom('chat_message')
      .selectAll()
      .where(matches(base))
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb('chat_message.sessionId', 'in', ids)] : []),
          ...(withoutSession ? [eb('chat_message.sessionId', 'is', null)] : []),
        ]),
      )
      .orderBy('createdDate', filter.order === 'ASC' ? 'asc' : 'desc')
      .execute();
    const joined = await withFeedback(rows);
    return ratings?.length ? keepRated(joined, ratings) : joined;
  }

  /**
   * The conversation keys (chat, memory, session) of the matching messages, the one with the
   * latest message first: the order of the messages export.
   */
  function conversations(filter: MessageFilter) {
    return db
      .selectFrom('chat_message')
      .select(['chatId', 'memoryType', 'sessionId'])
      .where(matches(filter))
      .groupBy(['chatId', 'memoryType', 'sessionId'])
      .orderBy((eb) => eb.fn.max('chat_message.createdDate'), 'desc')
      .orderBy('chatId')
      .execute();
  }

  /**
   * Deletes the matching messages of a flow and their feedback in one transaction. With
   * `ratings`, only rated answers and their questions, as the viewer shows them.
   */
  async function deleteMatching(
    filter: Omit<MessageFilter, 'messageId' | 'order' | 'offset' | 'limit'>,
    ratings?: readonly FeedbackRating[],
  ): Promise<number> {
    if (ratings?.length) {
      const ids = (await listWithFeedback(filter, ratings)).map((r) => r.id);
      if (ids.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let deleted = 0;
        for (const part of chunks(ids)) {
          await trx.deleteFrom('chat_message_feedback').where('messageId', 'in', part).execute();
          const result = await trx.deleteFrom('chat_message').where('id', 'in', part).executeTakeFirst();
          deleted += Number(result.numDeletedRows);
        }
        return deleted;
      });
    }
    return db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('chat_message_feedback')
        .where(
          'messageId',
          'in',
          trx.selectFrom('chat_message').select('chat_message.id').where(matches(filter)),
        )
        .execute();
      const result = await trx.deleteFrom('chat_message').where(matches(filter)).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  return {
    /** The chats and sessions that messages matching `filter` belong to (before deleting them). */
    conversationsMatching: (filter: Omit<MessageFilter, 'messageId' | 'order' | 'offset' | 'limit'>) =>
      db
        .selectFrom('chat_message')
        .select(['chatId', 'sessionId'])
        .distinct()
        .where(matches(filter))
        .execute(),
    /** Which of `chatIds` still have messages in the flow. */
    async chatsWithMessages(chatflowid: string, chatIds: readonly string[]): Promise<Set<string>> {
      const kept = new Set<string>();
      for (const part of chunks([...chatIds])) {
        const rows = await db
          .selectFrom('chat_message')
          .select('chatId')
          .distinct()
          .where('chatflowid', '=', chatflowid)
          .where('chatId', 'in', part)
          .execute();
        for (const row of rows) kept.add(row.chatId);
      }
      return kept;
    },
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
    /** The session of a chat's latest message (an OpenAI assistant's thread), if it has one. */
    async sessionOf(chatflowid: string, chatId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('chat_message')
        .select('sessionId')
        .where('chatflowid', '=', chatflowid)
        .where('chatId', '=', chatId)
        .orderBy('createdDate', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.sessionId ?? undefined;
    },
    /** Deletes a flow's messages (and their feedback): all, or one chat, session, type, range or rating. */
    deleteMatching,
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
    listSessionPage,
    withFeedback,
    conversations,
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
