import {
  MAX_CODE_INTERPRETER_FILES,
  OPENAI_ASSISTANT_TOOLS,
  type Assistant,
  type OpenAIAssistantTool,
} from '@flowloom/shared';

/** A file at OpenAI (`files` objects). */
export interface OpenAIFile {
  id: string;
  filename: string;
  bytes?: number;
  purpose?: string;
  created_at?: number;
}

/** A vector store at OpenAI. */
export interface VectorStore {
  id: string;
  name?: string | null;
  file_counts?: { total?: number };
  usage_bytes?: number;
  expires_after?: { anchor?: string; days: number } | null;
}

/** An assistant as OpenAI keeps it (`GET /openai-assistants/:id` adds its files and store). */
export interface RemoteAssistant {
  id: string;
  name?: string | null;
  description?: string | null;
  model?: string;
  instructions?: string | null;
  temperature?: number | null;
  top_p?: number | null;
  tools?: { type: string }[];
  tool_resources?: {
    code_interpreter?: { file_ids?: string[]; files?: OpenAIFile[] };
    file_search?: { vector_store_ids?: string[]; files?: OpenAIFile[]; vector_store_object?: VectorStore };
  };
}

/** What the assistant dialog edits. Numbers stay text while typed. */
export interface OpenAIDraft {
  /** The assistant's id at OpenAI; empty for one not made yet. */
  openAIId: string;
  credential: string;
  name: string;
  description: string;
  model: string;
  instructions: string;
  iconSrc: string;
  temperature: string;
  topP: string;
  tools: OpenAIAssistantTool[];
  codeFiles: OpenAIFile[];
  vectorStore: VectorStore | null;
  searchFiles: OpenAIFile[];
}

/** Models the dialog suggests (any other name can be typed: a newer model, an Azure deployment). */
export const ASSISTANT_MODELS = [
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
];

export const TOOL_LABELS: Record<OpenAIAssistantTool, string> = {
  code_interpreter: 'Code Interpreter',
  file_search: 'File Search',
};

export function emptyDraft(): OpenAIDraft {
  return {
    openAIId: '',
    credential: '',
    name: '',
    description: '',
    model: '',
    instructions: '',
    iconSrc: '',
    temperature: '1',
    topP: '1',
    tools: [...OPENAI_ASSISTANT_TOOLS],
    codeFiles: [],
    vectorStore: null,
    searchFiles: [],
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown, fallback: string) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback;
const isTool = (value: unknown): value is OpenAIAssistantTool =>
  (OPENAI_ASSISTANT_TOOLS as readonly unknown[]).includes(value);

function filesOf(value: unknown): OpenAIFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (file: unknown): file is OpenAIFile =>
      typeof file === 'object' &&
      file !== null &&
      typeof (file as { id?: unknown }).id === 'string' &&
      typeof (file as { filename?: unknown }).filename === 'string',
  );
}

function storeOf(value: unknown): VectorStore | null {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as VectorStore)
    : null;
}

/** The parts of a draft that come from an assistant's settings (saved here or read at OpenAI). */
function fromSettings(settings: Record<string, unknown>, tools: OpenAIAssistantTool[]) {
  const resources = (settings.tool_resources ?? {}) as RemoteAssistant['tool_resources'] & object;
  const store = storeOf(resources.file_search?.vector_store_object);
  const storeIds = resources.file_search?.vector_store_ids ?? [];
  return {
    name: text(settings.name),
    description: text(settings.description),
    model: text(settings.model),
    instructions: text(settings.instructions),
    temperature: numberText(settings.temperature, '1'),
    topP: numberText(settings.top_p, '1'),
    tools,
    codeFiles: filesOf(resources.code_interpreter?.files),
    // A saved store id without its object (an API client's save) still shows, by its id.
    vectorStore: store ?? (storeIds[0] ? { id: storeIds[0] } : null),
    searchFiles: filesOf(resources.file_search?.files),
  };
}

/** The dialog's draft of an assistant kept here (its details are Flowise's shape). */
export function draftFromSaved(row: Assistant): OpenAIDraft {
  let details: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row.details) as unknown;
    if (parsed && typeof parsed === 'object') details = parsed as Record<string, unknown>;
  } catch {
    // A damaged text opens as an empty form.
  }
  const tools = Array.isArray(details.tools) ? details.tools.filter(isTool) : [];
  return {
    ...emptyDraft(),
    ...fromSettings(details, tools),
    openAIId: text(details.id),
    credential: row.credential ?? '',
    iconSrc: row.iconSrc ?? '',
  };
}

/** The draft of an assistant read at OpenAI (Load, Sync): its settings, tools, files and store. */
export function draftFromRemote(remote: RemoteAssistant, base: OpenAIDraft): OpenAIDraft {
  const tools = (remote.tools ?? []).map((tool) => tool.type).filter(isTool);
  return {
    ...base,
    ...fromSettings(remote as unknown as Record<string, unknown>, tools),
    openAIId: remote.id,
  };
}

/** What is wrong with the draft for saving, if anything. */
export function draftProblem(draft: OpenAIDraft): string | undefined {
  if (!draft.credential) return 'Choose the credential of the assistant';
  if (!draft.model.trim()) return 'Choose the assistant model';
  if (draft.name.length > 256) return 'The assistant name must be at most 256 characters';
  if (draft.description.length > 512) return 'The description must be at most 512 characters';
  const temperature = Number(draft.temperature);
  if (draft.temperature.trim() && !(temperature >= 0 && temperature <= 2)) return 'Temperature is 0 to 2';
  const topP = Number(draft.topP);
  if (draft.topP.trim() && !(topP >= 0 && topP <= 1)) return 'Top P is 0 to 1';
  if (draft.codeFiles.length > MAX_CODE_INTERPRETER_FILES)
    return `The code interpreter may have at most ${MAX_CODE_INTERPRETER_FILES} files`;
  return undefined;
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * The assistant's details as the server takes them (Flowise's shape): the settings, the tools, and
 * the tool resources with the files and store the dialog shows.
 */
export function detailsOfDraft(draft: OpenAIDraft): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  if (draft.tools.includes('code_interpreter'))
    resources.code_interpreter = {
      file_ids: draft.codeFiles.map((file) => file.id),
      files: draft.codeFiles,
    };
  if (draft.tools.includes('file_search'))
    resources.file_search = {
      vector_store_ids: draft.vectorStore ? [draft.vectorStore.id] : [],
      files: draft.searchFiles,
      ...(draft.vectorStore && { vector_store_object: draft.vectorStore }),
    };
  return {
    ...(draft.openAIId && { id: draft.openAIId }),
    name: draft.name,
    description: draft.description,
    model: draft.model.trim(),
    instructions: draft.instructions,
    temperature: numberOrNull(draft.temperature),
    top_p: numberOrNull(draft.topP),
    tools: draft.tools,
    tool_resources: resources,
  };
}

/** What the list shows of an assistant kept here. */
export function savedSummary(row: Assistant): { name: string; model: string; instructions: string } {
  const draft = draftFromSaved(row);
  return { name: draft.name || 'Unnamed assistant', model: draft.model, instructions: draft.instructions };
}

/** `1.2 KB`, `3.4 MB` (SPEC §9: steps of 1024, two decimals). */
export function storeLabel(store: VectorStore): string {
  return store.name || store.id;
}
