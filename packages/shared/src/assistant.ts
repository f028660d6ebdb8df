import { z } from 'zod';
import { jsonSizeWithin } from './rules/json-size.js';
import { jsonTextDepthWithin, MAX_JSON_DEPTH, nameText } from './rules/text.js';

export const ASSISTANT_TYPES = ['CUSTOM', 'OPENAI', 'AZURE'] as const;
export type AssistantType = (typeof ASSISTANT_TYPES)[number];

/**
 * An `assistant` row on the wire (Flowise shape): `details` is JSON text. For a custom assistant it
 * holds {@link CustomAssistantDetails}; its chat flow (type ASSISTANT) has the assistant's id.
 */
export interface Assistant {
  id: string;
  details: string;
  credential: string | null;
  iconSrc: string | null;
  type: AssistantType;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

/** Most characters the settings of one chat model or tool may take as JSON. */
export const MAX_COMPONENT_SETTINGS = 200_000;
/** Most tools, and most document stores, one assistant may have. */
export const MAX_ASSISTANT_TOOLS = 25;
export const MAX_ASSISTANT_DOCUMENT_STORES = 25;

/**
 * A node type the builder configures (the chat model, a tool): its type name, the values of its
 * inputs and the id of its credential. Flowise keeps the whole node here (label, inputParams…); the
 * server reads these three fields and writes the rest from the node type.
 */
const component = (missing: string) =>
  z.object({
    name: z.string({ message: missing }).trim().min(1, missing).max(200),
    inputs: z
      .record(z.string(), z.unknown())
      .default({})
      .refine(
        (inputs) => jsonSizeWithin(inputs, MAX_COMPONENT_SETTINGS),
        `Settings of one component must be at most ${MAX_COMPONENT_SETTINGS.toLocaleString('en-US')} characters`,
      ),
    credential: z.string().max(100).nullish(),
  });

export const assistantChatModel = component('Choose a chat model');
export const assistantTool = component('Choose a tool for every tool row, or remove the empty row');
export type AssistantComponent = z.infer<typeof assistantChatModel>;

/** A document store the assistant searches, with the description its search tool gets. */
export const assistantDocumentStore = z.object({
  id: z.string({ message: 'Each document store needs its id' }).trim().min(1).max(100),
  name: z.string().max(255).optional(),
  description: z.string().max(4000, 'A knowledge description must be at most 4000 characters').default(''),
  returnSourceDocuments: z.boolean().optional(),
});
export type AssistantDocumentStore = z.infer<typeof assistantDocumentStore>;

/** Flowise's builder starts with `chatModel: {}`: an empty object is no model yet. */
const noEmptyObject = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0
    ? undefined
    : value;

/** `details` of a custom assistant (Flowise shape). `flowId` is written by the server. */
export const customAssistantDetails = z.object({
  name: nameText('Assistant name', 255),
  chatModel: z.preprocess(noEmptyObject, assistantChatModel.nullish()),
  instruction: z.string().max(100_000, 'Instructions must be at most 100,000 characters').default(''),
  flowId: z.string().max(100).optional(),
  documentStores: z
    .array(assistantDocumentStore)
    .max(
      MAX_ASSISTANT_DOCUMENT_STORES,
      `An assistant may search at most ${MAX_ASSISTANT_DOCUMENT_STORES} document stores`,
    )
    .default([]),
  tools: z
    .array(assistantTool)
    .max(MAX_ASSISTANT_TOOLS, `An assistant may have at most ${MAX_ASSISTANT_TOOLS} tools`)
    .default([]),
});
export type CustomAssistantDetails = z.infer<typeof customAssistantDetails>;

/** `details` arrive as JSON text (Flowise) or as an object; either is read with `schema`. */
const detailsOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (!jsonTextDepthWithin(value, MAX_JSON_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: `details nests deeper than ${MAX_JSON_DEPTH} levels` });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'details must be valid JSON' });
      return z.NEVER;
    }
  }, schema);

const optionalText = (max: number) => z.string().max(max).nullish();

export const createAssistantBody = z.object({
  type: z
    .literal('CUSTOM', {
      message:
        'Only custom assistants (type "CUSTOM") can be created so far: OpenAI and Azure assistants come in a later release',
    })
    .default('CUSTOM'),
  details: detailsOf(customAssistantDetails),
  credential: optionalText(100),
  iconSrc: optionalText(2048),
});
export type CreateAssistantBody = z.infer<typeof createAssistantBody>;

export const updateAssistantBody = z.object({
  details: detailsOf(customAssistantDetails).optional(),
  credential: optionalText(100),
  iconSrc: optionalText(2048),
});
export type UpdateAssistantBody = z.infer<typeof updateAssistantBody>;

export const listAssistantsQuery = z.object({
  type: z.enum(ASSISTANT_TYPES, { message: 'type must be CUSTOM, OPENAI or AZURE' }).optional(),
});

/** `POST /assistants/generate/instruction`: the task to write instructions for, and the model to ask. */
export const generateInstructionBody = z.object({
  task: z
    .string({ message: 'Describe the task the assistant is for' })
    .trim()
    .min(1, 'Describe the task the assistant is for')
    .max(10_000, 'The task description must be at most 10,000 characters'),
  selectedChatModel: assistantChatModel,
});
export type GenerateInstructionBody = z.infer<typeof generateInstructionBody>;

/** A document store an assistant may search (`GET /assistants/components/docstores`, Flowise shape). */
export interface AssistantStoreOption {
  /** The store's id. */
  name: string;
  /** The store's name. */
  label: string;
  description: string | null;
}
