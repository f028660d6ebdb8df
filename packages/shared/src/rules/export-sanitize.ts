/**
 * What leaves the product in an export (SPEC §3, §5; compat/FLOWISE_API.md §6.1 and §6.3):
 * the data types a user can pick, the bundle's key order, and the flow sanitiser that keeps
 * secrets out of exported files.
 */
import { parseFlowData } from './flow-data.js';

/** Export dialog choices in SPEC order: checkbox label and request flag. */
export const EXPORT_DATA_TYPES = [
  { label: 'Agentflows', flag: 'agentflow' },
  { label: 'Agentflows V2', flag: 'agentflowv2' },
  { label: 'Assistants Custom', flag: 'assistantCustom' },
  { label: 'Assistants OpenAI', flag: 'assistantOpenAI' },
  { label: 'Assistants Azure', flag: 'assistantAzure' },
  { label: 'Chatflows', flag: 'chatflow' },
  { label: 'Chat Messages', flag: 'chat_message' },
  { label: 'Chat Feedbacks', flag: 'chat_feedback' },
  { label: 'Custom Templates', flag: 'custom_template' },
  { label: 'Document Stores', flag: 'document_store' },
  { label: 'Executions', flag: 'execution' },
  { label: 'Tools', flag: 'tool' },
  { label: 'Variables', flag: 'variable' },
] as const;

/** A flag of the export request body (`POST /export-import/export`). */
export type ExportFlag = (typeof EXPORT_DATA_TYPES)[number]['flag'];

/** Sections of an exported bundle, in the key order of the downloaded file. */
export const EXPORT_BUNDLE_KEYS = [
  'AgentFlow',
  'AgentFlowV2',
  'AssistantFlow',
  'AssistantCustom',
  'AssistantOpenAI',
  'AssistantAzure',
  'ChatFlow',
  'ChatMessage',
  'ChatMessageFeedback',
  'CustomTemplate',
  'DocumentStore',
  'DocumentStoreFileChunk',
  'Execution',
  'Tool',
  'Variable',
] as const;
export type ExportBundleKey = (typeof EXPORT_BUNDLE_KEYS)[number];

/** The key under which a node or its sub-configs reference a stored credential. */
export const CREDENTIAL_ID_KEY = 'FLOWISE_CREDENTIAL_ID';

/** Input parameter types whose values never leave in an export (secrets and local paths). */
const STRIPPED_PARAM_TYPES = new Set(['password', 'file', 'folder']);

/** The only `data` fields an exported node keeps; anything else (e.g. `credential`) is dropped. */
const EXPORTED_DATA_FIELDS = [
  'id',
  'label',
  'version',
  'name',
  'type',
  'color',
  'hideOutput',
  'hideInput',
  'baseClasses',
  'tags',
  'category',
  'description',
  'inputParams',
  'inputAnchors',
  'inputs',
  'outputAnchors',
  'outputs',
] as const;

type JsonObject = Record<string, unknown>;

/**
 * Sanitises a flow for a single-flow export (FLOWISE_API.md §6.3). Each node keeps its outer
 * fields with `selected: false`; its `data` is rebuilt from the exported fields that are present,
 * plus `selected: false`, so the chosen credential (`data.credential`) is not exported. Input
 * values of `password`, `file` and `folder` parameters are dropped, and every
 * `FLOWISE_CREDENTIAL_ID` key is removed at any depth, in nodes and edges alike. Entries that are
 * not objects are left out. The input is not modified.
 */
export function sanitizeFlowForExport(flowData: {
  nodes?: readonly unknown[] | null;
  edges?: readonly unknown[] | null;
}): { nodes: JsonObject[]; edges: unknown[] } {
  const nodes = (flowData.nodes ?? []).filter(isObject).map(sanitizeNode);
  const edges = (flowData.edges ?? []).filter(isObject);
  return { nodes: stripCredentialIds(nodes), edges: stripCredentialIds(edges) };
}

/**
 * Sanitises stored `flowData` text for the workspace export (FLOWISE_API.md §6.1): the flow goes
 * through {@link sanitizeFlowForExport} and comes back as JSON indented by 2 spaces (SPEC §9).
 * Invalid text becomes an empty flow.
 */
export function sanitizeFlowDataText(text: string | null | undefined): string {
  return JSON.stringify(sanitizeFlowForExport(parseFlowData(text)), null, 2);
}

function sanitizeNode(node: JsonObject): JsonObject {
  const data = isObject(node.data) ? node.data : undefined;
  if (!data) return { ...node, selected: false };
  const exported: JsonObject = {};
  for (const field of EXPORTED_DATA_FIELDS) {
    if (Object.hasOwn(data, field)) exported[field] = data[field];
  }
  if (isObject(data.inputs)) exported.inputs = withoutSecretInputs(data.inputs, data.inputParams);
  exported.selected = false;
  return { ...node, selected: false, data: exported };
}

function withoutSecretInputs(inputs: JsonObject, inputParams: unknown): JsonObject {
  const stripped = new Set<string>();
  if (Array.isArray(inputParams)) {
    for (const param of inputParams) {
      if (isObject(param) && typeof param.name === 'string' && STRIPPED_PARAM_TYPES.has(String(param.type))) {
        stripped.add(param.name);
      }
    }
  }
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => !stripped.has(name)));
}

/**
 * A deep copy of `value` without any `FLOWISE_CREDENTIAL_ID` key, at any depth of objects and
 * arrays. Other values are copied as they are.
 */
export function stripCredentialIds<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== CREDENTIAL_ID_KEY) copy[key] = strip(item);
  }
  return copy;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
