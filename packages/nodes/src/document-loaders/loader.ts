import type { NodeContext, NodeType } from '@flowloom/engine';
import type { NodeParam, SourceDocument } from '@flowloom/shared';
import { objectInput, stringInput } from '../llm/chat-model.js';
import { isTextSplitter, splitDocuments } from '../text-splitters/split.js';
import { badgeIcon } from '../utilities/icons.js';
import { metadataInputs, pointerMetadataInputs, textSplitterInput } from './inputs.js';
import { isPointer } from './readers/json-pointer.js';

export const LOADER_CATEGORY = 'Document Loaders';
export const loaderIcon = (glyph: string, background = '#546e7a') => badgeIcon(glyph, background);

/** Largest file one loader input reads (bytes); bigger files are refused with a message saying so. */
export const MAX_LOADER_FILE_BYTES = 100 * 1024 * 1024;
/** Largest total a compressed document (DOCX, XLSX, PPTX) may expand to. */
export const MAX_EXPANDED_BYTES = 200 * 1024 * 1024;
/** Largest text one load may produce, in characters (what splitting and embedding then pay for). */
export const MAX_LOADED_CHARACTERS = 50 * 1024 * 1024;

/** The two outputs of every loader: documents (default) or their text. */
export const loaderOutputs = [
  {
    label: 'Document',
    name: 'document',
    description: 'Array of document objects containing metadata and pageContent',
    baseClasses: ['Document', 'json'],
  },
  {
    label: 'Text',
    name: 'text',
    description: 'Concatenated string from pageContent of documents',
    baseClasses: ['string', 'json'],
  },
];

function omitKey(metadata: Record<string, unknown>, path: string): void {
  if (path in metadata) {
    delete metadata[path];
    return;
  }
  const parts = path.split('.');
  let current: unknown = metadata;
  for (const part of parts.slice(0, -1)) {
    if (typeof current !== 'object' || current === null) return;
    current = (current as Record<string, unknown>)[part];
  }
  if (typeof current === 'object' && current !== null)
    delete (current as Record<string, unknown>)[parts.at(-1)!];
}

/**
 * What a loader answers after reading: split with the connected splitter, Additional Metadata added,
 * omitted keys removed, then the documents or (Text output) their contents joined by newlines.
 */
export async function finishDocuments(
  ctx: NodeContext,
  documents: SourceDocument[],
  options: { metadataPointers?: boolean } = {},
): Promise<SourceDocument[] | string> {
  const { inputs } = ctx;
  let docs = documents.filter((doc) => doc.pageContent.trim() !== '');
  if (inputs.textSplitter !== undefined && inputs.textSplitter !== '') {
    if (!isTextSplitter(inputs.textSplitter))
      throw new Error('Text Splitter must be a connected text splitter');
    docs = await splitDocuments(inputs.textSplitter, docs);
  }
  let extra = objectInput(inputs.metadata) ?? {};
  // The JSON loaders read "/pointer" values from each document themselves; they are not text to add.
  if (options.metadataPointers)
    extra = Object.fromEntries(Object.entries(extra).filter(([, value]) => !isPointer(value)));
  const omit = (stringInput(inputs.omitMetadataKeys) ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  docs = docs.map((doc) => {
    let metadata: Record<string, unknown> = omit.includes('*') ? {} : structuredClone(doc.metadata);
    for (const key of omit) if (key !== '*') omitKey(metadata, key);
    metadata = { ...metadata, ...extra };
    return { pageContent: doc.pageContent, metadata };
  });
  if (ctx.outputName === 'text') return docs.map((doc) => doc.pageContent).join('\n');
  return docs;
}

/** A file given to a loader input: its bytes and the name it came with. */
export interface LoadedFile {
  name: string;
  mime: string;
  data: Uint8Array;
}

const FILE_STORAGE = 'FILE-STORAGE::';
const DATA_URI = /^data:([^;,]*)(?:;[^,]*)?;base64,([^,]*)(?:,filename:(.*))?$/s;

/** The file references in an input value: one data URI, a JSON list of them, or `FILE-STORAGE::…`. */
export function fileReferences(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(fileReferences);
  if (typeof value !== 'string') throw new Error('A file input must hold uploaded files');
  const text = value.trim();
  if (text.startsWith(FILE_STORAGE)) {
    const names = text.slice(FILE_STORAGE.length);
    if (names.startsWith('[')) {
      const list = JSON.parse(names) as unknown;
      if (!Array.isArray(list) || !list.every((n) => typeof n === 'string'))
        throw new Error('The stored file list of this input is damaged');
      return list.map((name) => `${FILE_STORAGE}${name}`);
    }
    return [text];
  }
  if (text.startsWith('[')) {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) throw new Error('The file list of this input is damaged');
    return list.flatMap(fileReferences);
  }
  return [text];
}

/**
 * Reads the files of a loader's file input, stored ones through the run's file store, each checked
 * against the size limit. Throws a readable error for an empty input when `required`.
 */
export async function readFiles(
  ctx: NodeContext,
  value: unknown,
  { label, required = true }: { label: string; required?: boolean },
): Promise<LoadedFile[]> {
  const references = fileReferences(value);
  if (references.length === 0) {
    if (required) throw new Error(`${label}: upload a file first`);
    return [];
  }
  const files: LoadedFile[] = [];
  for (const reference of references) {
    let file: LoadedFile;
    if (reference.startsWith(FILE_STORAGE)) {
      file = await ctx.run.services.files.read(reference.slice(FILE_STORAGE.length));
    } else {
      const match = DATA_URI.exec(reference);
      if (!match) throw new Error(`${label}: the file is not an uploaded file (expected a data URI)`);
      const data = Buffer.from(match[2]!, 'base64');
      file = { name: match[3] ?? 'file', mime: match[1] || 'application/octet-stream', data };
    }
    if (file.data.byteLength > MAX_LOADER_FILE_BYTES)
      throw new Error(
        `${file.name} is ${Math.round(file.data.byteLength / 1024 / 1024)} MB; files up to ${MAX_LOADER_FILE_BYTES / 1024 / 1024} MB can be loaded`,
      );
    if (file.data.byteLength === 0) throw new Error(`${file.name} is empty`);
    files.push(file);
  }
  return files;
}

/** Decodes text bytes as UTF-8 (a byte-order mark dropped), as loaders read text files. */
export function decodeText(data: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: false }).decode(data);
}

/** Throws when a load produced more text than the server accepts from one loader. */
export function checkLoadedSize(documents: readonly SourceDocument[]): void {
  let total = 0;
  for (const doc of documents) {
    total += doc.pageContent.length;
    if (total > MAX_LOADED_CHARACTERS)
      throw new Error(
        `The documents hold more than ${MAX_LOADED_CHARACTERS / 1024 / 1024} million characters; split the source into smaller files`,
      );
  }
}

/** What a loader node type declares besides the common parts. */
export interface LoaderSpec {
  label: string;
  name: string;
  version: number;
  description: string;
  icon: string;
  /** Inputs before Text Splitter (file inputs, options). */
  inputs: NodeParam[];
  /** Inputs after Text Splitter and before the metadata inputs. */
  moreInputs?: NodeParam[];
  /** Without a Text Splitter anchor (Plain Text has one; Document Store has none). */
  splitter?: boolean;
  /** Without the Additional Metadata and Omit Metadata Keys inputs. */
  metadata?: boolean;
  /**
   * Additional Metadata values that are JSON pointers (`{"page": "/source"}`) are resolved per document
   * by `load` (the JSON loaders): the input says so, and finishing leaves them out instead of adding
   * the pointer text.
   */
  metadataPointers?: boolean;
  credential?: NodeType['definition']['credential'];
  badge?: string;
  load(ctx: NodeContext): Promise<SourceDocument[]>;
  loadMethods?: NodeType['loadMethods'];
}

/** A Document Loaders node: its definition (Flowise shape) and an `init` answering its output. */
export function loaderNode(spec: LoaderSpec): NodeType {
  return {
    icon: spec.icon,
    definition: {
      label: spec.label,
      name: spec.name,
      version: spec.version,
      type: 'Document',
      category: LOADER_CATEGORY,
      baseClasses: ['Document'],
      description: spec.description,
      ...(spec.badge && { badge: spec.badge }),
      ...(spec.credential && { credential: spec.credential }),
      inputs: [
        ...spec.inputs,
        ...(spec.splitter === false ? [] : [textSplitterInput]),
        ...(spec.moreInputs ?? []),
        ...(spec.metadata === false ? [] : spec.metadataPointers ? pointerMetadataInputs : metadataInputs),
      ],
      outputs: loaderOutputs,
    },
    ...(spec.loadMethods && { loadMethods: spec.loadMethods }),
    async init(ctx) {
      const documents = await spec.load(ctx);
      checkLoadedSize(documents);
      return finishDocuments(ctx, documents, { metadataPointers: spec.metadataPointers });
    },
  };
}

/** How a file loader reads one file of its input. */
export type FileReader = (file: LoadedFile) => SourceDocument[] | Promise<SourceDocument[]>;

/** A loader that reads the files of its one file input, each the same way. */
export interface FileLoaderSpec extends Omit<LoaderSpec, 'inputs' | 'load'> {
  /** The file input, first of the node; its label names it in messages. */
  file: { label: string; name: string; fileType: string };
  /**
   * Reads (and checks) the node's other inputs once and answers the reader of each file; a reader
   * whose library is large is imported here, on first use rather than at server start.
   */
  reader: (ctx: NodeContext) => FileReader | Promise<FileReader>;
}

/** A Document Loaders node over one file input: every uploaded file read in turn, documents in order. */
export function fileLoaderNode({ file, reader, ...spec }: FileLoaderSpec): NodeType {
  return loaderNode({
    ...spec,
    inputs: [{ label: file.label, name: file.name, type: 'file', fileType: file.fileType }],
    async load(ctx) {
      const read = await reader(ctx);
      const documents: SourceDocument[] = [];
      for (const loaded of await readFiles(ctx, ctx.inputs[file.name], { label: file.label }))
        documents.push(...(await read(loaded)));
      return documents;
    },
  });
}

const isDocument = (item: unknown): item is SourceDocument =>
  typeof item === 'object' && item !== null && typeof (item as SourceDocument).pageContent === 'string';

/** Whether a value is what a loader's Document output gives (a list of documents). */
export function isDocumentList(value: unknown): value is SourceDocument[] {
  return Array.isArray(value) && value.every(isDocument);
}

/** The documents connected to a list input (several loaders, each a list). */
export function documentsOf(value: unknown): SourceDocument[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value.flat(2) : [value];
  return items.filter(isDocument);
}
