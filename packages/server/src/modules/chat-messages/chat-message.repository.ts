import type { Insertable, Selectable } from 'kysely';
import type { ChatTurn } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import type { ChatMessageTable } from '../../db/schema.js';

export type ChatMessageRow = Selectable<ChatMessageTable>;

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

export function createChatMessageRepository(db: Db) {
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
    /** Both messages of one exchange, together or not at all. */
    insertExchange: (rows: Insertable<ChatMessageTable>[]) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('chat_message').values(rows).execute();
      }),
    list(filter: MessageFilter): Promise<ChatMessageRow[]> {
      let query = db.selectFrom('chat_message').selectAll().where('chatflowid', '=', filter.chatflowid);
      if (filter.chatTypes?.length) query = query.where('chatType', 'in', filter.chatTypes);
      if (filter.chatId) query = query.where('chatId', '=', filter.chatId);
      if (filter.sessionId) query = query.where('sessionId', '=', filter.sessionId);
      if (filter.memoryType) query = query.where('memoryType', '=', filter.memoryType);
      if (filter.messageId) query = query.where('id', '=', filter.messageId);
      if (filter.startDate) query = query.where('createdDate', '>=', filter.startDate);
      if (filter.endDate) query = query.where('createdDate', '<=', filter.endDate);
      query = query.orderBy('createdDate', filter.order === 'DESC' ? 'desc' : 'asc');
      if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
      return query.execute();
    },
  };
}
export type ChatMessageRepository = ReturnType<typeof createChatMessageRepository>;
