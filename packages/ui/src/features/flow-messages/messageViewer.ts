import type { ChatMessageRow } from '../chat/chatMessages';

/** A stored message as the viewer reads it (`GET /chatmessage/:id`, JSON columns parsed). */
export interface ViewerRow extends ChatMessageRow {
  chatflowid: string;
  chatId: string;
  chatType: string;
  memoryType: string | null;
  sessionId: string | null;
  leadEmail?: string | null;
  createdDate: string;
  executionId?: string | null;
  agentReasoning?: unknown;
  artifacts?: unknown;
  fileAnnotations?: unknown;
  feedback?: { rating?: 'THUMBS_UP' | 'THUMBS_DOWN'; content?: string | null } | null;
}

export interface FlowStats {
  totalMessages: number;
  totalSessions: number;
  totalFeedback: number;
  positiveFeedback: number;
}

/** The Source filter (SHARING.md §6.1): every source but evaluations is picked at first. */
export const SOURCE_OPTIONS = [
  { value: 'INTERNAL', label: 'UI' },
  { value: 'EXTERNAL', label: 'API/Embed' },
  { value: 'MCP', label: 'MCP' },
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'WEBHOOK', label: 'Webhook' },
  { value: 'EVALUATION', label: 'Evaluations' },
] as const;
export const DEFAULT_SOURCES: string[] = SOURCE_OPTIONS.map((o) => o.value).filter((v) => v !== 'EVALUATION');

export const FEEDBACK_OPTIONS = [
  { value: 'THUMBS_UP', label: 'Positive' },
  { value: 'THUMBS_DOWN', label: 'Negative' },
] as const;

/** Sessions per page of the left list. */
export const SESSIONS_PER_PAGE = 10;

/** The Source shown in a conversation's header. */
export function sourceLabel(chatType: string | null | undefined): string {
  switch (chatType) {
    case 'INTERNAL':
      return 'UI';
    case 'EVALUATION':
      return 'Evaluation';
    case 'MCP':
      return 'MCP';
    case 'SCHEDULED':
      return 'Scheduled';
    case 'WEBHOOK':
      return 'Webhook';
    default:
      return 'API/Embed';
  }
}

/** One entry of the left list: a conversation `chatId_memoryType_sessionId`. */
export interface SessionEntry {
  key: string;
  chatId: string;
  memoryType: string | null;
  sessionId: string | null;
  chatType: string;
  userContent: string;
  apiContent: string;
  createdDate: string;
}

export const conversationKey = (row: Pick<ViewerRow, 'chatId' | 'memoryType' | 'sessionId'>) =>
  `${row.chatId}_${row.memoryType ?? 'null'}_${row.sessionId ?? 'null'}`;

/**
 * The conversations of a page of messages (newest first), each with the first question and answer
 * met in it and its latest date; newest first.
 */
export function sessionEntries(rows: readonly ViewerRow[]): SessionEntry[] {
  const entries = new Map<string, SessionEntry>();
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = conversationKey(row);
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        key,
        chatId: row.chatId,
        memoryType: row.memoryType ?? null,
        sessionId: row.sessionId ?? null,
        chatType: row.chatType,
        userContent: '',
        apiContent: '',
        createdDate: row.createdDate,
      };
      entries.set(key, entry);
    }
    if (row.createdDate > entry.createdDate) entry.createdDate = row.createdDate;
    const count = seen.get(key) ?? 0;
    if (count >= 2) continue;
    seen.set(key, count + 1);
    if (row.role === 'userMessage' && !entry.userContent) entry.userContent = `User: ${row.content}`;
    if (row.role === 'apiMessage' && !entry.apiContent) entry.apiContent = `Bot: ${row.content}`;
  }
  return [...entries.values()].sort((a, b) => b.createdDate.localeCompare(a.createdDate));
}

/** The query that loads one conversation whole. */
export function conversationQuery(entry: Pick<SessionEntry, 'chatId' | 'memoryType' | 'sessionId'>) {
  return {
    chatId: entry.chatId,
    ...(entry.memoryType && { memoryType: entry.memoryType }),
    ...(entry.sessionId && { sessionId: entry.sessionId }),
  };
}

/** "Positive Feedback" card: `positive / total` as a percentage with two decimals. */
export function positivePercent(stats: Pick<FlowStats, 'positiveFeedback' | 'totalFeedback'>): string {
  const ratio = stats.totalFeedback > 0 ? (stats.positiveFeedback / stats.totalFeedback) * 100 : 0;
  return `${ratio.toFixed(2)}%`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "March 1st 2026, 3:04:05 pm" (local time); "" for an unreadable date. */
export function longDateTime(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const clock = `${hours % 12 || 12}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'am' : 'pm'}`;
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())} ${date.getFullYear()}, ${clock}`;
}

/** "March 1st, 2026" (local time); "" for an unreadable date. */
export function longDate(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
}

/** `yyyy-mm-dd` of a local date, for a date field. */
export const dateInputValue = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The start (00:00:00.000) or end (23:59:59.999) of the local day a date field names. */
export function dayBoundary(value: string, end: boolean): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
}

/** One month before `now` (the From Date default). */
export function aMonthBefore(now: Date): Date {
  const date = new Date(now);
  date.setMonth(date.getMonth() - 1);
  return date;
}
