import type { FlowNodeData } from '@flowloom/shared';
import { handleInputName } from '../document/handles';
import { fileNames } from '../inputs/fileValue';

/** One setting of a component, as the upsert dialog lists it. */
export interface UpsertParam {
  label: string;
  name: string;
  type: string;
  /** The value as text (file names for files, the option label for options). */
  value: string;
}

/** A component an upsert runs: a vector store, its embeddings, record manager, loaders, splitters. */
export interface UpsertComponent {
  id: string;
  name: string;
  label: string;
  category: string;
  params: UpsertParam[];
}

/** A vector store that can be upserted from the canvas, with what feeds it. */
export interface VectorUpsertTarget {
  store: UpsertComponent;
  /** The store first, then its embeddings, record manager, loaders and text splitters. */
  components: UpsertComponent[];
  /**
   * The file types of a document loader feeding the store that reads files (its `fileType` list, or
   * `["*"]`); absent when none does. Calls of such a store upload files.
   */
  fileTypes?: string[];
}

interface FlowLike {
  nodes: readonly { id: string; data: FlowNodeData }[];
  edges: readonly { source: string; target: string; targetHandle?: string | null }[];
}

/** Where each category sits in the list, after the store itself. */
const FEEDS = ['Embeddings', 'Record Manager', 'Document Loaders', 'Text Splitters'];

/** Longest value text shown; a plain-text loader's whole document would bury the list. */
const MAX_VALUE_CHARS = 300;

/**
 * Whether a node is a vector store that writes documents (Flowise leaves out its older "Upsert"
 * and "Load Existing" variants, which have a node each).
 */
function isUpsertableStore(data: FlowNodeData): boolean {
  return (
    data.category === 'Vector Stores' &&
    !data.label.includes('Upsert') &&
    !data.label.includes('Load Existing')
  );
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  );
}

function clip(text: string): string {
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** A set value as text; secrets (password inputs) and credential ids are never shown. */
function paramText(param: FlowNodeData['inputParams'][number], value: unknown): string {
  if (param.type === 'file') return fileNames(value).join(', ');
  if ((param.type === 'options' || param.type === 'asyncOptions') && typeof value === 'string')
    return param.options?.find((option) => option.name === value)?.label ?? value;
  return clip(typeof value === 'string' ? value : JSON.stringify(value));
}

function componentOf(data: FlowNodeData): UpsertComponent {
  const params: UpsertParam[] = [];
  for (const param of data.inputParams) {
    if (param.type === 'password' || param.type === 'credential') continue;
    const value = data.inputs[param.name];
    if (isEmpty(value)) continue;
    const text = paramText(param, value);
    if (text !== '') params.push({ label: param.label, name: param.name, type: param.type, value: text });
  }
  return { id: data.id, name: data.name, label: data.label, category: data.category, params };
}

/** The file types a loader reads, when it has a file input. */
function loaderFileTypes(data: FlowNodeData): string[] | undefined {
  if (data.category !== 'Document Loaders') return undefined;
  const file = data.inputParams.find((param) => param.type === 'file');
  if (!file) return undefined;
  const types = (file.fileType ?? '').split(',').map((type) => type.trim());
  return types.some(Boolean) ? types.filter(Boolean) : ['*'];
}

/**
 * The vector stores of a flow that the canvas can upsert (DOCUMENT_STORES.md §4.11): those whose
 * `document` input is connected. Each comes with the components upstream of it, found by walking
 * the flow's edges back from the store.
 */
export function vectorUpsertTargets(flow: FlowLike): VectorUpsertTarget[] {
  const byId = new Map(flow.nodes.map((node) => [node.id, node.data]));
  const incoming = new Map<string, string[]>();
  for (const edge of flow.edges)
    incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge.source]);

  const targets: VectorUpsertTarget[] = [];
  for (const node of flow.nodes) {
    if (!isUpsertableStore(node.data)) continue;
    const fed = flow.edges.some(
      (edge) => edge.target === node.id && handleInputName(edge.targetHandle ?? '') === 'document',
    );
    if (!fed) continue;

    const upstream: FlowNodeData[] = [];
    const seen = new Set([node.id]);
    const queue = [...(incoming.get(node.id) ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const data = byId.get(id);
      if (!data) continue;
      if (FEEDS.includes(data.category)) upstream.push(data);
      queue.push(...(incoming.get(id) ?? []));
    }
    const ordered = upstream
      .map((data, index) => ({ data, index }))
      .sort((a, b) => FEEDS.indexOf(a.data.category) - FEEDS.indexOf(b.data.category) || a.index - b.index)
      .map(({ data }) => data);

    const store = componentOf(node.data);
    const fileTypes = ordered.map(loaderFileTypes).find((types) => types !== undefined);
    targets.push({
      store,
      components: [store, ...ordered.map(componentOf)],
      ...(fileTypes && { fileTypes }),
    });
  }
  return targets;
}
