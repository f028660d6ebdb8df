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

/** The built-in tools an OpenAI assistant may have (Flowise's dialog offers these two). */
export const OPENAI_ASSISTANT_TOOLS = ['code_interpreter', 'file_search'] as const;
export type OpenAIAssistantTool = (typeof OPENAI_ASSISTANT_TOOLS)[number];

/** Most characters the instructions of an OpenAI assistant may have (OpenAI's limit). */
export const MAX_OPENAI_INSTRUCTIONS = 256_000;
/** Most files the code interpreter of one assistant may have (OpenAI's limit). */
export const MAX_CODE_INTERPRETER_FILES = 20;
/** Most characters an OpenAI assistant's details may take as JSON (file lists included). */
const MAX_OPENAI_DETAILS = 500_000;

const openAIId = z.string().trim().min(1).max(100);

/**
 * `tool_resources` as Flowise's dialog keeps them: the ids OpenAI needs, plus the file objects and
 * the vector store it shows (`files`, `vector_store_object`), which are stored, never sent on.
 */
const toolResources = z
  .object({
    code_interpreter: z
      .object({
        file_ids: z
          .array(openAIId)
          .max(
            MAX_CODE_INTERPRETER_FILES,
            `The code interpreter may have at most ${MAX_CODE_INTERPRETER_FILES} files`,
          )
          .default([]),
        files: z.array(z.unknown()).max(1000).optional(),
      })
      .optional(),
    file_search: z
      .object({
        vector_store_ids: z.array(openAIId).max(1, 'An assistant searches one vector store').default([]),
        files: z.array(z.unknown()).max(10_000).optional(),
        vector_store_object: z.unknown().optional(),
      })
      .optional(),
  })
  .default({});

/** `details` of an OpenAI or Azure assistant (Flowise shape); `id` is its id at OpenAI. */
export const openAIAssistantDetails = z
  .object({
    id: z.string().max(100).optional(),
    name: z.string().max(256, 'The assistant name must be at most 256 characters').nullish(),
    description: z.string().max(512, 'The description must be at most 512 characters').nullish(),
    model: z
      .string({ message: 'Choose the assistant model' })
      .trim()
      .min(1, 'Choose the assistant model')
      .max(256),
    instructions: z
      .string()
      .max(
        MAX_OPENAI_INSTRUCTIONS,
        `Instructions must be at most ${MAX_OPENAI_INSTRUCTIONS.toLocaleString('en-US')} characters`,
      )
      .nullish(),
    temperature: z.number().min(0, 'Temperature is 0 to 2').max(2, 'Temperature is 0 to 2').nullish(),
    top_p: z.number().min(0, 'Top P is 0 to 1').max(1, 'Top P is 0 to 1').nullish(),
    tools: z
      .array(
        z.enum(OPENAI_ASSISTANT_TOOLS, { message: 'Assistant tools are code_interpreter and file_search' }),
      )
      .max(2)
      .default([]),
    tool_resources: toolResources,
  })
  .refine(
    (details) => jsonSizeWithin(details, MAX_OPENAI_DETAILS),
    `An assistant's details must be at most ${MAX_OPENAI_DETAILS.toLocaleString('en-US')} characters`,
  );
export type OpenAIAssistantDetails = z.infer<typeof openAIAssistantDetails>;

/** The details of a custom assistant, as JSON text or an object. */
export const customAssistantDetailsBody = detailsOf(customAssistantDetails);
/** The details of an OpenAI or Azure assistant, as JSON text or an object. */
export const openAIAssistantDetailsBody = detailsOf(openAIAssistantDetails);

const customAssistantCreate = z.object({
  type: z.literal('CUSTOM'),
  details: customAssistantDetailsBody,
  credential: optionalText(100),
  iconSrc: optionalText(2048),
});

const openAIAssistantCreate = z.object({
  type: z.enum(['OPENAI', 'AZURE']),
  details: openAIAssistantDetailsBody,
  credential: z
    .string({ message: 'Choose the credential of the assistant' })
    .trim()
    .min(1, 'Choose the credential of the assistant')
    .max(100),
  iconSrc: optionalText(2048),
});

/** `POST /assistants`: a custom assistant (the default type), or an OpenAI or Azure one. */
export const createAssistantBody = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !Array.isArray(value) && !('type' in value)
      ? { ...value, type: 'CUSTOM' }
      : value,
  z.discriminatedUnion('type', [customAssistantCreate, openAIAssistantCreate], {
    error: 'type must be CUSTOM, OPENAI or AZURE',
  }),
);
export type CreateAssistantBody = z.infer<typeof createAssistantBody>;

/**
 * `PUT /assistants/:id`: the details are read with the schema of the assistant's type, so here
 * they are only JSON text or an object.
 */
export const updateAssistantBody = z.object({
  details: z
    .union([z.string().max(1_000_000), z.record(z.string(), z.unknown())], {
      message: 'details must be JSON text or an object',
    })
    .optional(),
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

/** `?credential=` of the OpenAI assistant routes: the stored OpenAI or Azure OpenAI credential to use. */
export const assistantCredentialQuery = z.object({
  credential: z
    .string({ message: 'credential not provided: choose an OpenAI credential' })
    .trim()
    .min(1, 'credential not provided: choose an OpenAI credential')
    .max(100),
});

/** Creating or changing an OpenAI vector store (Flowise's dialog: a name and an expiry). */
export const assistantVectorStoreBody = z.object({
  name: z.string().trim().max(256, 'The vector store name must be at most 256 characters').nullish(),
  expires_after: z
    .object({
      anchor: z.literal('last_active_at').default('last_active_at'),
      days: z
        .number({ message: 'Expiration days must be a number' })
        .int('Expiration days must be a whole number')
        .min(1, 'Expiration days are 1 to 365')
        .max(365, 'Expiration days are 1 to 365'),
    })
    .nullish(),
});
export type AssistantVectorStoreBody = z.infer<typeof assistantVectorStoreBody>;

/** `PATCH /openai-assistants-vector-store/:id`: the files to take out of the vector store. */
export const assistantVectorStoreFilesBody = z.object({
  file_ids: z
    .array(z.string().trim().min(1).max(100), { message: 'file_ids must be a list of file ids' })
    .min(1, 'Name at least one file to remove')
    .max(100, 'Remove at most 100 files at once'),
});

/** `POST /openai-assistants-file/download`: a file an assistant's answer in a chat cited or drew. */
export const assistantFileDownloadBody = z.object({
  chatflowId: z.string({ message: 'Invalid file path' }).trim().min(1, 'Invalid file path').max(100),
  chatId: z.string({ message: 'Invalid file path' }).trim().min(1, 'Invalid file path').max(200),
  fileName: z.string({ message: 'Invalid file path' }).trim().min(1, 'Invalid file path').max(255),
});
