import { z } from 'zod';

/**
 * Chat-side records of a flow that the embed and the web app read and write: message feedback,
 * leads, per-flow statistics, upload settings and overridable parameters (FLOWISE_API.md §4.2).
 */

export const FEEDBACK_RATINGS = ['THUMBS_UP', 'THUMBS_DOWN'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** One rating of one answer (`chat_message_feedback` row). */
export interface ChatMessageFeedback {
  id: string;
  chatflowid: string;
  chatId: string;
  messageId: string;
  rating: FeedbackRating | null;
  content: string | null;
  createdDate: string;
}

const rating = z.enum(FEEDBACK_RATINGS, { message: 'rating must be "THUMBS_UP" or "THUMBS_DOWN"' });
/** A text field whose message says whether it was missing or of another type. */
const text = (field: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  });
const idText = (field: string) => text(field).trim().min(1, `${field} is required`).max(255);

/** `POST /feedback[/:chatflowid]`: chat and flow ids default to the message's own. */
export const createFeedbackBody = z.object({
  messageId: idText('messageId'),
  rating,
  content: z.string().max(10_000).nullish(),
  chatId: idText('chatId').optional(),
  chatflowid: idText('chatflowid').optional(),
});
export type CreateFeedbackBody = z.infer<typeof createFeedbackBody>;

/** `PUT /feedback/:id`: rating and comment change; the ids, if sent, must be the feedback's own. */
export const updateFeedbackBody = createFeedbackBody.partial();
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBody>;

/** A date filter: any text `Date` understands, normalised to ISO-8601 (how dates are stored). */
export const dateFilter = (field: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a date, e.g. 2025-01-31` });
        return z.NEVER;
      }
      return date.toISOString();
    });

/**
 * A list filter sent as `x`, `x&x`, or JSON text `["x","y"]` (the web app sends the last); values
 * outside `allowed` are refused.
 */
export const listFilter = <T extends string>(field: string, allowed?: readonly T[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx): T[] | undefined => {
      if (value === undefined) return undefined;
      const items: string[] = [];
      for (const part of [value].flat()) {
        const entry = part.trim();
        if (!entry.startsWith('[')) {
          if (entry) items.push(entry);
          continue;
        }
        try {
          const parsed = JSON.parse(entry) as unknown;
          if (!Array.isArray(parsed)) throw new Error('not an array');
          items.push(...parsed.map(String));
        } catch {
          ctx.addIssue({ code: 'custom', message: `${field} must be a value or a JSON array of values` });
          return z.NEVER;
        }
      }
      const wrong = allowed ? items.filter((item) => !allowed.includes(item as T)) : [];
      if (wrong.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} must be one of ${allowed!.join(', ')} (got ${wrong.join(', ')})`,
        });
        return z.NEVER;
      }
      return items.length > 0 ? (items as T[]) : undefined;
    });

export const CHAT_TYPES = ['EXTERNAL', 'INTERNAL', 'EVALUATION', 'MCP', 'SCHEDULED', 'WEBHOOK'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

/** `GET /feedback/:chatflowid` */
export const feedbackListQuery = z.object({
  chatId: z.string().optional(),
  order: z.enum(['ASC', 'DESC'], { message: 'order must be "ASC" or "DESC"' }).optional(),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
});

/** A visitor's contact details left in the embed (`lead` row). */
export interface Lead {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  chatflowid: string;
  chatId: string;
  createdDate: string;
}

const contact = (field: string) => text(field).max(255).nullish();

/** `POST /leads` */
export const createLeadBody = z.object({
  chatflowid: idText('chatflowid'),
  chatId: idText('chatId').optional(),
  name: contact('name'),
  email: contact('email'),
  phone: contact('phone'),
});
export type CreateLeadBody = z.infer<typeof createLeadBody>;

/** `GET /stats/:chatflowid` */
export const statsQuery = z.object({
  chatType: listFilter('chatType', CHAT_TYPES),
  startDate: dateFilter('startDate'),
  endDate: dateFilter('endDate'),
  feedbackType: listFilter('feedbackType', FEEDBACK_RATINGS),
});

export interface ChatflowStats {
  totalMessages: number;
  totalSessions: number;
  totalFeedback: number;
  positiveFeedback: number;
}

export interface UploadSizeAndTypes {
  fileTypes: string[];
  /** Megabytes. */
  maxUploadSize: number;
}

/** `GET /chatflows-uploads/:id`: what the chat window lets a visitor attach. */
export interface UploadsConfig {
  isSpeechToTextEnabled: boolean;
  isImageUploadAllowed: boolean;
  isRAGFileUploadAllowed: boolean;
  imgUploadSizeAndTypes: UploadSizeAndTypes[];
  fileUploadSizeAndTypes: UploadSizeAndTypes[];
}

/** One parameter an API caller may override (`GET /flow-config/:id`, the "API" dialog's table). */
export interface FlowConfigParam {
  /** Node label: the key of `apiConfig.overrideConfig.nodes`. */
  node: string;
  nodeId: string;
  label: string;
  name: string;
  /** Param type; for options the option names joined by ", ". */
  type: string;
  /** Item fields of array params, and keys of a `…Config` object. */
  schema?: Record<string, string>;
}
