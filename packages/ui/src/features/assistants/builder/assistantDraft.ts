import type { AssistantStoreOption, NodeDefinition } from '@flowloom/shared';
import { isFormInput, missingInputs } from '../../../components/nodeForm/componentInputs';

/** Where a component form keeps the chosen credential id among its values. */
export const CREDENTIAL_KEY = 'credential';

/** What a new assistant is told until its builder writes something else (Flowise starts the same way). */
export const DEFAULT_INSTRUCTION = 'You are a helpful assistant.';

/** A chat model or tool being configured: its node type and its form's values (credential included). */
export interface ComponentDraft {
  name: string;
  values: Record<string, unknown>;
}

/** A document store the assistant searches, and what the builder wrote about it. */
export interface KnowledgeDraft {
  id: string;
  name: string;
  description: string;
  returnSourceDocuments: boolean;
}

/** The builder's state: what Save sends as the assistant's details. */
export interface AssistantDraft {
  name: string;
  chatModel: ComponentDraft | null;
  instruction: string;
  /** `null` is a row whose tool is not chosen yet. */
  tools: (ComponentDraft | null)[];
  documentStores: KnowledgeDraft[];
}

/** The node types the builder offers, by name. */
export interface BuilderComponents {
  chatModels: readonly NodeDefinition[];
  tools: readonly NodeDefinition[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const findComponent = (list: readonly NodeDefinition[], name: string | undefined) =>
  list.find((component) => component.name === name);

/** A component's form inputs at their defaults. */
function defaultValues(component: NodeDefinition): Record<string, unknown> {
  return Object.fromEntries(
    (component.inputs ?? [])
      .filter((input) => isFormInput(input) && input.default !== undefined)
      .map((input) => [input.name, structuredClone(input.default)]),
  );
}

/** A fresh form of `component`: its defaults. */
export function newComponent(component: NodeDefinition): ComponentDraft {
  return { name: component.name, values: defaultValues(component) };
}

/**
 * A saved component (Flowise keeps the whole node: `{name, inputs, credential, inputParams…}`) as a
 * form: its form inputs over the defaults, and its credential. A type no longer offered keeps its
 * name, so the builder can say so.
 */
function savedComponent(saved: unknown, offered: readonly NodeDefinition[]): ComponentDraft | null {
  if (!isObject(saved) || !text(saved.name)) return null;
  const component = findComponent(offered, text(saved.name));
  if (!component) return { name: text(saved.name), values: {} };
  const inputs = isObject(saved.inputs) ? saved.inputs : {};
  const formNames = new Set((component.inputs ?? []).filter(isFormInput).map((input) => input.name));
  const kept = Object.fromEntries(Object.entries(inputs).filter(([name]) => formNames.has(name)));
  const credential = text(saved.credential) || text(inputs.FLOWISE_CREDENTIAL_ID);
  return {
    name: component.name,
    values: { ...defaultValues(component), ...kept, ...(credential && { [CREDENTIAL_KEY]: credential }) },
  };
}

/** The builder's state for an assistant's stored details (JSON text). */
export function draftFromDetails(detailsText: string, components: BuilderComponents): AssistantDraft {
  let details: Json = {};
  try {
    const parsed = JSON.parse(detailsText) as unknown;
    if (isObject(parsed)) details = parsed;
  } catch {
    // Damaged details read as an empty assistant; saving writes them anew.
  }
  const chatModel = savedComponent(details.chatModel, components.chatModels);
  const instruction = text(details.instruction);
  return {
    name: text(details.name),
    chatModel,
    // A new assistant (nothing saved yet) starts with the usual instruction.
    instruction: !chatModel && !instruction ? DEFAULT_INSTRUCTION : instruction,
    tools: (Array.isArray(details.tools) ? details.tools : []).map((tool) =>
      savedComponent(tool, components.tools),
    ),
    documentStores: (Array.isArray(details.documentStores) ? details.documentStores : [])
      .filter(isObject)
      .map((store) => ({
        id: text(store.id),
        name: text(store.name),
        description: text(store.description),
        returnSourceDocuments: store.returnSourceDocuments === true,
      })),
  };
}

function componentDetails({ name, values }: ComponentDraft) {
  const { [CREDENTIAL_KEY]: credential, ...inputs } = values;
  return { name, inputs, ...(typeof credential === 'string' && credential && { credential }) };
}

/** The details Save sends (the server fills in the rest: nodes, flow id). Empty tool rows are left out. */
export function detailsFromDraft(draft: AssistantDraft): Json {
  return {
    name: draft.name,
    ...(draft.chatModel && { chatModel: componentDetails(draft.chatModel) }),
    instruction: draft.instruction,
    documentStores: draft.documentStores.map(({ id, name, description, returnSourceDocuments }) => ({
      id,
      name,
      description,
      returnSourceDocuments,
    })),
    tools: draft.tools.flatMap((tool) => (tool ? [componentDetails(tool)] : [])),
  };
}

/** Whether two drafts would save the same details (the playground saves first when they differ). */
export function sameDetails(a: AssistantDraft, b: AssistantDraft): boolean {
  return JSON.stringify(detailsFromDraft(a)) === JSON.stringify(detailsFromDraft(b));
}

/**
 * What must be filled before saving, one sentence each: a chat model with its credential and required
 * settings, a chosen tool on each row with its own, and a description for each document store.
 */
export function missingFields(draft: AssistantDraft, components: BuilderComponents): string[] {
  const problems: string[] = [];
  const check = (draftPart: ComponentDraft, offered: readonly NodeDefinition[], what: string) => {
    const component = findComponent(offered, draftPart.name);
    if (!component) {
      problems.push(`${what} "${draftPart.name}" is not available: choose another`);
      return;
    }
    const missing = missingInputs(component, draftPart.values, CREDENTIAL_KEY);
    if (missing.length > 0) problems.push(`${component.label}: fill in ${missing.join(', ')}`);
  };
  if (!draft.name.trim()) problems.push('Give the assistant a name');
  if (!draft.chatModel) problems.push('Choose a chat model');
  else check(draft.chatModel, components.chatModels, 'Chat model');
  draft.tools.forEach((tool, index) => {
    if (!tool) problems.push(`Tool ${index + 1}: choose a tool or remove the row`);
    else check(tool, components.tools, 'Tool');
  });
  for (const store of draft.documentStores)
    if (!store.description.trim()) problems.push(`Describe the knowledge in ${store.name || store.id}`);
  return problems;
}

/**
 * The knowledge after the document store picker changed: stores kept keep what was written about them;
 * a new one starts with the store's own description.
 */
export function pickStores(
  current: readonly KnowledgeDraft[],
  ids: readonly string[],
  options: readonly AssistantStoreOption[],
): KnowledgeDraft[] {
  return ids.map((id) => {
    const kept = current.find((store) => store.id === id);
    if (kept) return kept;
    const option = options.find((store) => store.name === id);
    return {
      id,
      name: option?.label ?? id,
      description: option?.description ?? '',
      returnSourceDocuments: false,
    };
  });
}

/** The chosen chat model as the instruction writer takes it (`selectedChatModel`). */
export function selectedChatModel(draft: AssistantDraft) {
  return draft.chatModel ? componentDetails(draft.chatModel) : undefined;
}
