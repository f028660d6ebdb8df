/**
 * Example calls of a chatflow's vector upsert API (`POST /api/v1/vector/upsert/<flowId>`,
 * DOCUMENT_STORES.md §3, §4.11) in Python, JavaScript and curl, for the canvas "Upsert Vector
 * Store" dialog. A vector store fed by a loader that reads files is called with multipart/form-data
 * (a file plus the other fields as text); any other with a JSON body.
 */
import { API_KEY_PLACEHOLDER } from './api-snippets.js';
import {
  apiUrl,
  formRequestSnippets,
  jsonRequestSnippets,
  type FormField,
  type SnippetSet,
} from './snippet-code.js';

export interface VectorUpsertSnippetsInput {
  /** Origin of the API host, e.g. `http://localhost:3000`; a trailing slash is ignored. */
  baseUrl: string;
  flowId: string;
  /** The vector store node to upsert; needed (and sent) when the flow has several. */
  stopNodeId?: string;
  /**
   * The file types of the loader that reads files (its `fileType`, e.g. `[".txt", ".md"]`, or
   * `["*"]`); set when the store has one, which makes the examples upload a file.
   */
  fileTypes?: readonly string[];
}

export interface VectorUpsertSnippets extends SnippetSet {
  /** Whether the examples upload a file (multipart/form-data) rather than send JSON. */
  multipart: boolean;
}

/** The setting the examples override, to show how: the number of chunks a search returns. */
export const VECTOR_UPSERT_OVERRIDE_EXAMPLE = { topK: 2 };

/** `POST` address of a chatflow's vector upsert API. */
export function vectorUpsertUrl(baseUrl: string, flowId: string): string {
  return apiUrl(baseUrl, `vector/upsert/${flowId}`);
}

/** The file an example uploads: `example` with the loader's first extension (`.pdf` when it reads any). */
export function exampleUploadName(fileTypes: readonly string[] = []): string {
  const extension = fileTypes.map((type) => type.trim()).find((type) => /^\.[\w.-]+$/.test(type));
  return `example${extension ?? '.pdf'}`;
}

/**
 * The examples of one vector store's upsert call. Each sends the API key a caller needs, the
 * store's node id when given, and {@link VECTOR_UPSERT_OVERRIDE_EXAMPLE} as an override (a form field
 * of its own in multipart calls, as the server reads form fields as overrides).
 */
export function vectorUpsertSnippets(input: VectorUpsertSnippetsInput): VectorUpsertSnippets {
  const url = vectorUpsertUrl(input.baseUrl, input.flowId);
  const auth = `Bearer ${API_KEY_PLACEHOLDER}`;
  const stop = input.stopNodeId ? { stopNodeId: input.stopNodeId } : {};
  if (!input.fileTypes || input.fileTypes.length === 0) {
    const body = { ...stop, overrideConfig: VECTOR_UPSERT_OVERRIDE_EXAMPLE };
    return { multipart: false, ...jsonRequestSnippets(url, body, auth) };
  }
  const fields: FormField[] = [{ name: 'files', file: true }];
  if (input.stopNodeId) fields.push({ name: 'stopNodeId', value: input.stopNodeId });
  for (const [name, value] of Object.entries(VECTOR_UPSERT_OVERRIDE_EXAMPLE))
    fields.push({ name, value: String(value) });
  return { multipart: true, ...formRequestSnippets(url, fields, auth, exampleUploadName(input.fileTypes)) };
}
