/**
 * What each exported row keeps (SPEC §3, §5; FLOWISE_API.md §6.1). Flowise's server answers whole
 * rows and leaves these steps to the web app; we apply them on the server, so no secret, credential
 * id or workspace id ever leaves in the API answer. A failing step names itself with the SPEC §8
 * prefix (`exportImport.sanitizeTool …`).
 */
import { CREDENTIAL_ID_KEY, sanitizeFlowDataText, stripCredentialIds } from '@flowloom/shared';
import type { Selectable } from 'kysely';
import type {
  AssistantTable,
  ChatFlowTable,
  CustomTemplateTable,
  DocumentStoreTable,
  ExecutionTable,
  ToolTable,
  VariableTable,
} from '../../db/schema.js';

/** Runs one export stage; an error comes out as `exportImport.<stage> <message>`. */
export function stage<T>(name: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new Error(`exportImport.${name} ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

export const sanitizeChatflows = (
  rows: Pick<Selectable<ChatFlowTable>, 'id' | 'name' | 'flowData' | 'type'>[],
) =>
  stage('sanitizeChatflow', () =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      flowData: sanitizeFlowDataText(row.flowData),
      type: row.type,
    })),
  );

export const sanitizeTools = (rows: Selectable<ToolTable>[]) =>
  stage('sanitizeTool', () =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      color: row.color,
      iconSrc: row.iconSrc,
      schema: row.schema,
      func: row.func,
    })),
  );

/** Variable values never leave: Flowise's server blanks them too. */
export const sanitizeVariables = (rows: Selectable<VariableTable>[]) =>
  stage('sanitizeVariable', () =>
    rows.map((row) => ({ id: row.id, name: row.name, value: '', type: row.type })),
  );

/**
 * An assistant's `credential` is a credential id: SPEC §5 strips every credential id, so the key stays
 * (Flowise shape) with `null`.
 */
export const sanitizeAssistants = (rows: Selectable<AssistantTable>[]) =>
  stage('sanitizeAssistant', () =>
    rows.map((row) => ({
      id: row.id,
      details: stripJsonText(row.details),
      credential: null,
      iconSrc: row.iconSrc,
      type: row.type,
    })),
  );

/**
 * Every column but `workspaceId`; `usecases` stays JSON text. Tool templates also carry
 * `iconSrc`, `schema` and `func` read from their flowData, as Flowise lists them; flow templates have
 * their flowData sanitised like a flow's.
 */
export const sanitizeCustomTemplates = (rows: Selectable<CustomTemplateTable>[]) =>
  stage('sanitizeCustomTemplate', () =>
    rows.map(({ workspaceId: _workspaceId, ...row }) => {
      if (row.type === 'Tool') {
        const tool = parseObject(row.flowData);
        return {
          ...row,
          iconSrc: tool.iconSrc ?? null,
          schema: tool.schema ?? null,
          func: tool.func ?? null,
        };
      }
      return { ...row, flowData: sanitizeFlowDataText(row.flowData) };
    }),
  );

const STORE_JSON_COLUMNS = [
  'loaders',
  'vectorStoreConfig',
  'embeddingConfig',
  'recordManagerConfig',
] as const;

/** Every column but `workspaceId`; the component configs lose their credential ids. */
export const sanitizeDocumentStores = (rows: Selectable<DocumentStoreTable>[]) =>
  stage('sanitizeDocumentStore', () =>
    rows.map(({ workspaceId: _workspaceId, ...row }) => {
      const out = { ...row };
      for (const column of STORE_JSON_COLUMNS)
        out[column] = stripJsonText(row[column], STORE_CREDENTIAL_KEYS);
      return out;
    }),
  );

/** Every column but `workspaceId`; `isPublic` as a boolean (Flowise shape), no credential ids in the data. */
export const sanitizeExecutions = (rows: Selectable<ExecutionTable>[]) =>
  stage('sanitizeExecution', () =>
    rows.map(({ workspaceId: _workspaceId, ...row }) => ({
      ...row,
      executionData: stripJsonText(row.executionData) ?? row.executionData,
      isPublic: row.isPublic === null ? null : row.isPublic === 1,
    })),
  );

/** Keys that hold a credential id in a document store's component configs. */
const STORE_CREDENTIAL_KEYS = new Set([CREDENTIAL_ID_KEY, 'credential']);

/**
 * JSON text without credential-id keys at any depth. Text that is not JSON, or holds none of the
 * keys, is returned unchanged (so a stored document keeps its exact text).
 */
function stripJsonText<T extends string | null>(text: T, keys: ReadonlySet<string> = DEFAULT_KEYS): T {
  if (text === null || ![...keys].some((key) => text.includes(`"${key}"`))) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const stripped = keys === DEFAULT_KEYS ? stripCredentialIds(parsed) : stripKeys(parsed, keys);
  return JSON.stringify(stripped) as T;
}
const DEFAULT_KEYS: ReadonlySet<string> = new Set([CREDENTIAL_ID_KEY]);

function stripKeys(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => stripKeys(item, keys));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !keys.has(key))
      .map(([key, item]) => [key, stripKeys(item, keys)]),
  );
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
