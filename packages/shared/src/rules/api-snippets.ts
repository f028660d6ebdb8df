/**
 * Example code for calling a flow's prediction endpoint (SPEC §7, last paragraph), shown to the
 * user in JavaScript, Python and curl, for a JSON body and for a multipart form-data body.
 */
import {
  apiUrl,
  formRequestSnippets,
  jsonRequestSnippets,
  type FormField,
  type SnippetSet,
} from './snippet-code.js';

/** An input the flow lets callers override (name and parameter type, e.g. `number`). */
export interface SnippetField {
  name: string;
  type: string;
}

export interface ApiSnippetsInput {
  /** Origin of the API host, e.g. `http://localhost:3000`; a trailing slash is ignored. */
  baseUrl: string;
  flowId: string;
  inputFields?: readonly SnippetField[];
  /** Set for a flow whose form-data example targets a stop node (sent instead of a question). */
  stopNodeId?: string;
  /** The flow requires an API key: add an `Authorization` header with a placeholder. */
  apiKey?: boolean;
  /**
   * An agentflow started by a form: the examples send these form values (`form`) instead of a
   * question (a run takes one or the other).
   */
  form?: Record<string, unknown>;
}

export type { SnippetSet };

export interface ApiSnippets {
  json: SnippetSet;
  formData: SnippetSet;
}

export const EXAMPLE_QUESTION = 'Hey, how are you?';
export const API_KEY_PLACEHOLDER = '<your-api-key>';
/** How many input fields the examples show at most; more would bury the call itself. */
export const MAX_SNIPPET_FIELDS = 4;

/** `POST` address of a flow's prediction endpoint. */
export function predictionUrl(baseUrl: string, flowId: string): string {
  return apiUrl(baseUrl, `prediction/${flowId}`);
}

/** The fields the examples use: a `files` field moved first, then at most four in all. */
export function snippetFields(fields: readonly SnippetField[] = []): SnippetField[] {
  const files = fields.filter((field) => field.name === 'files');
  const others = fields.filter((field) => field.name !== 'files');
  return [...files, ...others].slice(0, MAX_SNIPPET_FIELDS);
}

/**
 * Example calls of a flow. JSON examples send `question` plus an `overrideConfig` holding the
 * fields (file fields are left out: files cannot travel in a JSON body). Form-data examples send
 * the fields as form fields (the server turns them into overrides), files as uploads, then
 * `question`, or `stopNodeId` when a stop node is given.
 */
export function apiSnippets(input: ApiSnippetsInput): ApiSnippets {
  const url = predictionUrl(input.baseUrl, input.flowId);
  const fields = snippetFields(input.inputFields);
  const auth = input.apiKey ? `Bearer ${API_KEY_PLACEHOLDER}` : undefined;

  const overrides = Object.fromEntries(
    fields.filter((f) => !isFile(f)).map((f) => [f.name, exampleValue(f)]),
  );
  const body: Record<string, unknown> = input.form ? { form: input.form } : { question: EXAMPLE_QUESTION };
  if (Object.keys(overrides).length > 0) body.overrideConfig = overrides;

  const formFields: FormField[] = fields.map((field) =>
    isFile(field)
      ? { name: field.name, file: true }
      : { name: field.name, value: formText(exampleValue(field)) },
  );
  formFields.push(
    input.stopNodeId
      ? { name: 'stopNodeId', value: input.stopNodeId }
      : input.form
        ? { name: 'form', value: JSON.stringify(input.form) }
        : { name: 'question', value: EXAMPLE_QUESTION },
  );

  return {
    json: jsonRequestSnippets(url, body, auth),
    formData: formRequestSnippets(url, formFields, auth, EXAMPLE_FILE),
  };
}

const EXAMPLE_FILE = 'example.pdf';

function isFile(field: SnippetField): boolean {
  return field.name === 'files' || field.type === 'file';
}

function exampleValue(field: SnippetField): unknown {
  switch (field.type) {
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'json':
      return { key: 'val' };
    default:
      return 'example';
  }
}

/** Form fields are text; objects travel as JSON text. */
function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
