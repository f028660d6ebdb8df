import {
  CREDENTIAL_ID_KEY,
  type ComponentSettings,
  type DocumentStore,
  type NodeDefinition,
  type VectorConfigBody,
} from '@flowloom/shared';
import { missingInputs } from '../../../components/nodeForm/componentInputs';
import { defaultValues } from '../loader/loaderForm';
import { EMBEDDED_VECTOR_STORE } from '../storeVectors';

/** Vector configs keep their credential under `credential` (the server also reads `FLOWISE_CREDENTIAL_ID`). */
export const VECTOR_CREDENTIAL_KEY = 'credential';

export type VectorPart = 'embedding' | 'vectorStore' | 'recordManager';
export const VECTOR_PARTS: readonly VectorPart[] = ['embedding', 'vectorStore', 'recordManager'];

/** One part of the configuration: the chosen component (if any) and its form's values. */
export interface PartState {
  component?: NodeDefinition;
  values: Record<string, unknown>;
}
export type VectorParts = Record<VectorPart, PartState>;

export const EMPTY_PARTS: VectorParts = {
  embedding: { values: {} },
  vectorStore: { values: {} },
  recordManager: { values: {} },
};

/**
 * The form values of `component`: its defaults, under the saved settings when they are of that
 * component (a credential saved as `FLOWISE_CREDENTIAL_ID` moves to `credential`).
 */
export function valuesFor(component: NodeDefinition, saved: ComponentSettings | null | undefined) {
  const defaults = defaultValues(component);
  if (saved?.name !== component.name) return defaults;
  const { [CREDENTIAL_ID_KEY]: legacy, ...config } = saved.config ?? {};
  const values = { ...defaults, ...config };
  return values[VECTOR_CREDENTIAL_KEY] || !legacy ? values : { ...values, [VECTOR_CREDENTIAL_KEY]: legacy };
}

/** The settings of each part saved on the store. */
export function savedConfigs(
  store: Pick<DocumentStore, 'embeddingConfig' | 'vectorStoreConfig' | 'recordManagerConfig'>,
): Record<VectorPart, ComponentSettings | null | undefined> {
  return {
    embedding: store.embeddingConfig,
    vectorStore: store.vectorStoreConfig,
    recordManager: store.recordManagerConfig,
  };
}

/** The parts as saved on the store, with the components the server offers. */
export function savedParts(
  saved: Record<VectorPart, ComponentSettings | null | undefined>,
  components: Record<VectorPart, readonly NodeDefinition[]>,
): VectorParts {
  const part = (name: VectorPart): PartState => {
    const component = components[name].find((item) => item.name === saved[name]?.name);
    return component ? { component, values: valuesFor(component, saved[name]) } : { values: {} };
  };
  return {
    embedding: part('embedding'),
    vectorStore: part('vectorStore'),
    recordManager: part('recordManager'),
  };
}

/** Whether a vector store keeps track of what it wrote with a record manager (it has that anchor). */
export function takesRecordManager(vectorStore: NodeDefinition | undefined): boolean {
  return (vectorStore?.inputs ?? []).some(
    (input) => input.name === 'recordManager' || input.type === 'RecordManager',
  );
}

/** The embedded vector store first (it needs nothing else to run), then the others as listed. */
export function vectorStoresFirstEmbedded(list: readonly NodeDefinition[]): NodeDefinition[] {
  return [...list].sort(
    (a, b) => Number(b.name === EMBEDDED_VECTOR_STORE) - Number(a.name === EMBEDDED_VECTOR_STORE),
  );
}

/** The labels of required fields left empty in the chosen parts. */
export function missingVectorFields(parts: VectorParts): string[] {
  return VECTOR_PARTS.flatMap((name) => {
    const { component, values } = parts[name];
    return component ? missingInputs(component, values, VECTOR_CREDENTIAL_KEY) : [];
  });
}

/** The record manager counts only for a vector store that takes one. */
function effectiveParts(parts: VectorParts): VectorParts {
  return takesRecordManager(parts.vectorStore.component)
    ? parts
    : { ...parts, recordManager: { values: {} } };
}

/**
 * The body of `/vectorstore/save` and `/vectorstore/insert` (DOCUMENT_STORES.md §2.4): each part's
 * name and settings, or `""` and null when not chosen (the server then clears it).
 */
export function vectorConfigBody(storeId: string, parts: VectorParts, docId?: string): VectorConfigBody {
  const used = effectiveParts(parts);
  const body: VectorConfigBody = { storeId, isStrictSave: true, ...(docId && { docId }) };
  for (const name of VECTOR_PARTS) {
    const { component, values } = used[name];
    body[`${name}Name`] = component?.name ?? '';
    body[`${name}Config`] = component ? values : null;
  }
  return body;
}
