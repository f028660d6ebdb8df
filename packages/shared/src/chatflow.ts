import { z } from 'zod';

export const CHATFLOW_TYPES = ['CHATFLOW', 'AGENTFLOW', 'MULTIAGENT', 'ASSISTANT'] as const;
export type ChatflowType = (typeof CHATFLOW_TYPES)[number];

/** A chatflow row on the wire (Flowise shape: JSON columns are strings). */
export interface Chatflow {
  id: string;
  name: string;
  flowData: string;
  deployed: boolean | null;
  isPublic: boolean | null;
  apikeyid: string | null;
  chatbotConfig: string | null;
  apiConfig: string | null;
  analytic: string | null;
  speechToText: string | null;
  textToSpeech: string | null;
  followUpPrompts: string | null;
  category: string | null;
  type: ChatflowType;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

/** `flowData` must be a JSON string of an object with `nodes` and `edges` arrays. */
export const flowDataString = z.string().superRefine((text, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'flowData must be valid JSON' });
    return;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray((parsed as Record<string, unknown>).nodes) ||
    !Array.isArray((parsed as Record<string, unknown>).edges)
  ) {
    ctx.addIssue({ code: 'custom', message: 'flowData must be an object with "nodes" and "edges" arrays' });
  }
});

/** JSON-text columns accept a string, or an object which the server stores stringified. */
const jsonText = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullable()
  .transform((v) => (v === null || typeof v === 'string' ? v : JSON.stringify(v)));

const chatflowFields = {
  name: z.string().trim().min(1, 'name is required').max(255, 'name must be at most 255 characters'),
  flowData: flowDataString,
  deployed: z.boolean().nullable(),
  isPublic: z.boolean().nullable(),
  apikeyid: z.string().max(64).nullable(),
  chatbotConfig: jsonText,
  apiConfig: jsonText,
  analytic: jsonText,
  speechToText: jsonText,
  textToSpeech: jsonText,
  followUpPrompts: jsonText,
  category: z.string().max(1024).nullable(),
  type: z.enum(CHATFLOW_TYPES, { message: 'Invalid Chatflow Type' }),
};

export const createChatflowBody = z.object({
  ...chatflowFields,
  flowData: chatflowFields.flowData.default('{"nodes":[],"edges":[]}'),
  deployed: chatflowFields.deployed.optional(),
  isPublic: chatflowFields.isPublic.optional(),
  apikeyid: chatflowFields.apikeyid.optional(),
  chatbotConfig: chatflowFields.chatbotConfig.optional(),
  apiConfig: chatflowFields.apiConfig.optional(),
  analytic: chatflowFields.analytic.optional(),
  speechToText: chatflowFields.speechToText.optional(),
  textToSpeech: chatflowFields.textToSpeech.optional(),
  followUpPrompts: chatflowFields.followUpPrompts.optional(),
  category: chatflowFields.category.optional(),
});
export type CreateChatflowBody = z.infer<typeof createChatflowBody>;

/** Partial update: protected fields (id, dates, workspaceId) are not accepted. */
export const updateChatflowBody = z.object(chatflowFields).partial();
export type UpdateChatflowBody = z.infer<typeof updateChatflowBody>;

export const listChatflowsQuery = z.object({
  type: z.enum(CHATFLOW_TYPES, { message: 'Invalid Chatflow Type' }).optional(),
});
