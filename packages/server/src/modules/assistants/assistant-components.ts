import type { NodeRegistry, NodeType } from '@flowloom/engine';
import { CREDENTIAL_ID_KEY, isParamVisible, PARAM_TYPES, type NodeParam } from '@flowloom/shared';

/** Input types a builder form edits; any other type is a connection (a class name), not offered. */
const EDITABLE = new Set<string>(PARAM_TYPES);

const CHAT_MODELS = 'Chat Models';
const TOOL_CATEGORIES = new Set(['Tools', 'Tools (MCP)']);

export const isEditable = (input: Pick<NodeParam, 'type'>) => EDITABLE.has(input.type);

/** LlamaIndex nodes only connect to LlamaIndex engines: an assistant never offers them (Flowise). */
const isLlamaIndex = (type: NodeType) => type.definition.tags?.includes('LlamaIndex') === true;

/** Whether an assistant may use this node type as its chat model. */
export const isOfferedChatModel = (type: NodeType | undefined): type is NodeType =>
  type !== undefined && type.definition.category === CHAT_MODELS && !isLlamaIndex(type);

/** The chat model node types an assistant may use. */
export function chatModelTypes(registry: NodeRegistry): NodeType[] {
  return [...registry.values()].filter(isOfferedChatModel);
}

/**
 * The tool node types an assistant may use: those configured by a form alone. Tools that need a
 * connection (the Retriever Tool needs a retriever) are left out; knowledge comes as document stores.
 */
export function toolTypes(registry: NodeRegistry): NodeType[] {
  return [...registry.values()].filter(
    (type) =>
      TOOL_CATEGORIES.has(type.definition.category) &&
      !isLlamaIndex(type) &&
      type.definition.inputs.every((input) => isEditable(input)),
  );
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The values of `type`'s form inputs among `inputs`: anything else (a connection, a key the type does
 * not have) is dropped, so a saved assistant holds settings only.
 */
export function settingsOf(type: NodeType, inputs: Record<string, unknown>): Record<string, unknown> {
  const names = new Set(type.definition.inputs.filter(isEditable).map((input) => input.name));
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => names.has(name)));
}

/** The credential a component names: its own field, or Flowise's key inside its inputs. */
export function credentialOf(component: { credential?: string | null; inputs: Record<string, unknown> }) {
  const inInputs = component.inputs[CREDENTIAL_ID_KEY];
  return component.credential || (typeof inInputs === 'string' && inInputs) || undefined;
}

/**
 * Labels of what a component still needs before it can run, as a run would report them: a credential
 * when its type needs one, then each required input shown for these values with neither a value nor a
 * default (inputs behind "More parameters" have working defaults and are not required).
 */
export function missingSettings(
  type: NodeType,
  inputs: Record<string, unknown>,
  credential: string | undefined,
): string[] {
  const missing: string[] = [];
  const needs = type.definition.credential;
  if (needs && !needs.optional && !credential)
    missing.push(`a credential (${needs.credentialNames?.join(' or ') ?? 'credential'})`);
  for (const input of type.definition.inputs) {
    if (!isEditable(input) || input.optional || input.additionalParams) continue;
    if (!isParamVisible(input, inputs)) continue;
    if (isEmpty(inputs[input.name]) && isEmpty(input.default)) missing.push(input.label);
  }
  return missing;
}
