import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChatMessageFeedbackTable } from '../../db/schema.js';

export type FeedbackRow = Selectable<ChatMessageFeedbackTable>;

export interface FeedbackFilter {
  chatflowid: string;
  chatId?: string;
  order?: 'ASC' | 'DESC';
  startDate?: string;
  endDate?: string;
}

export function createFeedbackRepository(db: Db) {
  return {
    findById: (id: string): Promise<FeedbackRow | undefined> =>
      db.selectFrom('chat_message_feedback').selectAll().where('id', '=', id).executeTakeFirst(),
    findByMessage: (messageId: string): Promise<FeedbackRow | undefined> =>
      db
        .selectFrom('chat_message_feedback')
        .selectAll()
        .where('messageId', '=', messageId)
        .executeTakeFirst(),
    async insert(row: Insertable<ChatMessageFeedbackTable>): Promise<void> {
      await db.insertInto('chat_message_feedback').values(row).execute();
    },
    async update(id: string, patch: Updateable<ChatMessageFeedbackTable>): Promise<void> {
      await db.updateTable('chat_message_feedback').set(patch).where('id', '=', id).execute();
    },
    list(filter: FeedbackFilter): Promise<FeedbackRow[]> {
      let query = db
        .selectFrom('chat_message_feedback')
        .selectAll()
        .where('chatflowid', '=', filter.chatflowid);
      if (filter.chatId) query = query.where('chatId', '=', filter.chatId);
      if (filter.startDate) query = query.where('createdDate', '>=', filter.startDate);
      if (filter.endDate) query = query.where('createdDate', '<=', filter.endDate);
      return query.orderBy('createdDate', filter.order === 'DESC' ? 'desc' : 'asc').execute();
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
