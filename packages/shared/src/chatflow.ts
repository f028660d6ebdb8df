import { z } from 'zod';
import { jsonTextDepthWithin, MAX_JSON_DEPTH, nameText } from './rules/text.js';
import { flowSettingsProblem, type FlowSettingsColumn } from './flow-settings.js';

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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a parsed flow's shape, or undefined: the checks every later reader relies on. */
export function flowShapeProblem(flow: unknown): string | undefined {
  if (!isObject(flow) || !Array.isArray(flow.nodes) || !Array.isArray(flow.edges))
    return 'flowData must be an object with "nodes" and "edges" arrays';
  const ids = new Set<string>();
  for (const [index, node] of flow.nodes.entries()) {
    if (!isObject(node) || typeof node.id !== 'string' || node.id === '' || !isObject(node.data))
      return `flowData nodes[${index}] must be an object with a text "id" and a "data" object`;
    if (ids.has(node.id)) return `flowData has two nodes with the id "${node.id}"`;
    ids.add(node.id);
  }
  for (const [index, edge] of flow.edges.entries()) {
    if (!isObject(edge) || typeof edge.source !== 'string' || typeof edge.target !== 'string')
      return `flowData edges[${index}] must be an object with text "source" and "target"`;
  }
  return undefined;
}

/**
 * `flowData` must be a JSON string of an object with `nodes` (objects with an id and data, ids unique)
 * and `edges` (objects with source and target), nested at most {@link MAX_JSON_DEPTH} levels.
 */
export const flowDataString = z.string().superRefine((text, ctx) => {
  if (!jsonTextDepthWithin(text, MAX_JSON_DEPTH)) {
    ctx.addIssue({ code: 'custom', message: `flowData nests deeper than ${MAX_JSON_DEPTH} levels` });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'flowData must be valid JSON' });
    return;
  }
  const problem = flowShapeProblem(parsed);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * JSON-text columns accept JSON text, or an object which the server stores stringified; either nests
 * at most {@link MAX_JSON_DEPTH} levels (the body guard limits objects, this the text).
 */
const jsonText = (field: string) =>
  z
    .union([
      z.string().superRefine((text, ctx) => {
        if (!jsonTextDepthWithin(text, MAX_JSON_DEPTH))
          ctx.addIssue({ code: 'custom', message: `${field} nests deeper than ${MAX_JSON_DEPTH} levels` });
      }),
      z.record(z.string(), z.unknown()),
      z.array(z.unknown()),
    ])
    .nullable()
    .transform((v) => (v === null || typeof v === 'string' ? v : JSON.stringify(v)));

/**
 * A settings column (JSON text or an object): checked by {@link flowSettingsProblem}, the same
 * check on create and on update. `null` clears it.
 */
const settingsColumn = (column: FlowSettingsColumn) =>
  jsonText(column).superRefine((text, ctx) => {
    if (text === null) return;
    const problem = flowSettingsProblem(column, text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const chatflowFields = {
  name: nameText('Name'),
  flowData: flowDataString,
  deployed: z.boolean().nullable(),
  isPublic: z.boolean().nullable(),
  apikeyid: z.string().max(64).nullable(),
  chatbotConfig: settingsColumn('chatbotConfig'),
  apiConfig: settingsColumn('apiConfig'),
  analytic: jsonText('analytic'),
  speechToText: settingsColumn('speechToText'),
  textToSpeech: settingsColumn('textToSpeech'),
  followUpPrompts: settingsColumn('followUpPrompts'),
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
