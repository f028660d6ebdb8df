/**
 * Example code for calling a flow's prediction endpoint (SPEC §7, last paragraph), shown to the
 * user in JavaScript, Python and curl, for a JSON body and for a multipart form-data body.
 */

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
}

export interface SnippetSet {
  javascript: string;
  python: string;
  curl: string;
}

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
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/prediction/${flowId}`;
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
  const body: Record<string, unknown> = { question: EXAMPLE_QUESTION };
  if (Object.keys(overrides).length > 0) body.overrideConfig = overrides;

  const formFields: FormField[] = fields.map((field) =>
    isFile(field)
      ? { name: field.name, file: true }
      : { name: field.name, value: formText(exampleValue(field)) },
  );
  formFields.push(
    input.stopNodeId
      ? { name: 'stopNodeId', value: input.stopNodeId }
      : { name: 'question', value: EXAMPLE_QUESTION },
  );

  return {
    json: {
      javascript: jsonJavascript(url, body, auth),
      python: jsonPython(url, body, auth),
      curl: jsonCurl(url, body, auth),
    },
    formData: {
      javascript: formJavascript(url, formFields, auth),
      python: formPython(url, formFields, auth),
      curl: formCurl(url, formFields, auth),
    },
  };
}

type FormField = { name: string; file: true } | { name: string; value: string };

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

function jsonJavascript(url: string, body: unknown, auth: string | undefined): string {
  const headers = [`"Content-Type": "application/json"`];
  if (auth) headers.push(`"Authorization": ${JSON.stringify(auth)}`);
  return [
    'async function query(data) {',
    `  const response = await fetch(${JSON.stringify(url)}, {`,
    '    method: "POST",',
    '    headers: {',
    headers.map((header) => `      ${header}`).join(',\n'),
    '    },',
    '    body: JSON.stringify(data)',
    '  });',
    '  return response.json();',
    '}',
    '',
    `query(${JSON.stringify(body, null, 2)}).then((response) => {`,
    '  console.log(response);',
    '});',
  ].join('\n');
}

function formJavascript(url: string, fields: readonly FormField[], auth: string | undefined): string {
  const appends = fields.map((field) =>
    'file' in field
      ? `formData.append(${JSON.stringify(field.name)}, input.files[0]);`
      : `formData.append(${JSON.stringify(field.name)}, ${JSON.stringify(field.value)});`,
  );
  // No Content-Type header: the browser sets the multipart boundary itself.
  const headers = auth ? ['    headers: {', `      "Authorization": ${JSON.stringify(auth)}`, '    },'] : [];
  return [
    '// FormData carries files and text fields together as multipart/form-data',
    'const formData = new FormData();',
    ...appends,
    '',
    'async function query(formData) {',
    `  const response = await fetch(${JSON.stringify(url)}, {`,
    '    method: "POST",',
    ...headers,
    '    body: formData',
    '  });',
    '  return response.json();',
    '}',
    '',
    'query(formData).then((response) => {',
    '  console.log(response);',
    '});',
  ].join('\n');
}

function pythonHeader(url: string, auth: string | undefined): string[] {
  const lines = ['import requests', '', `API_URL = ${JSON.stringify(url)}`];
  if (auth) lines.push(`headers = {"Authorization": ${JSON.stringify(auth)}}`);
  return lines;
}

function jsonPython(url: string, body: unknown, auth: string | undefined): string {
  return [
    ...pythonHeader(url, auth),
    '',
    'def query(payload):',
    `    response = requests.post(API_URL, json=payload${auth ? ', headers=headers' : ''})`,
    '    return response.json()',
    '',
    `output = query(${pythonLiteral(body, '')})`,
  ].join('\n');
}

function formPython(url: string, fields: readonly FormField[], auth: string | undefined): string {
  // Every field goes through `files=` so requests always sends multipart/form-data;
  // `(None, text)` is how requests spells a plain text part.
  const parts = fields.map((field) =>
    'file' in field
      ? `    ${JSON.stringify(field.name)}: (${JSON.stringify(EXAMPLE_FILE)}, open(${JSON.stringify(EXAMPLE_FILE)}, "rb"))`
      : `    ${JSON.stringify(field.name)}: (None, ${JSON.stringify(field.value)})`,
  );
  return [
    ...pythonHeader(url, auth),
    '',
    'form_data = {',
    parts.join(',\n'),
    '}',
    '',
    'def query(form_data):',
    `    response = requests.post(API_URL, files=form_data${auth ? ', headers=headers' : ''})`,
    '    return response.json()',
    '',
    'output = query(form_data)',
  ].join('\n');
}

function jsonCurl(url: string, body: unknown, auth: string | undefined): string {
  const options = ['-X POST', `-H ${shellQuote('Content-Type: application/json')}`];
  if (auth) options.push(`-H ${shellQuote(`Authorization: ${auth}`)}`);
  options.push(`-d ${shellQuote(JSON.stringify(body))}`);
  return curlCommand(url, options);
}

function formCurl(url: string, fields: readonly FormField[], auth: string | undefined): string {
  const options = ['-X POST'];
  if (auth) options.push(`-H ${shellQuote(`Authorization: ${auth}`)}`);
  for (const field of fields) {
    options.push(
      `-F ${shellQuote('file' in field ? `${field.name}=@${EXAMPLE_FILE}` : `${field.name}=${field.value}`)}`,
    );
  }
  return curlCommand(url, options);
}

function curlCommand(url: string, options: readonly string[]): string {
  const target = /^[\w@%+=:,./-]+$/.test(url) ? url : shellQuote(url);
  return [`curl ${target}`, ...options.map((option) => `     ${option}`)].join(' \\\n');
}

/** Single-quotes a shell word; a `'` inside becomes `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python literal of a JSON-like value, indented by 4 spaces per level like `json.dumps`. */
function pythonLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + pythonLiteral(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}
