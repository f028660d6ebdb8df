/**
 * The request code every API example is written in: a JSON or a multipart/form-data `POST` in
 * JavaScript (fetch), Python (requests) and curl. The example builders (prediction, document store
 * upsert, chatflow vector upsert) decide the address, body and fields; this module writes them out.
 */

/** One example in the three languages. */
export interface SnippetSet {
  javascript: string;
  python: string;
  curl: string;
}

/** A form field of a multipart example: a file to upload, or text. */
export type FormField = { name: string; file: true } | { name: string; value: string };

/** A JSON `POST` of `body` to `url`; `auth` is the Authorization header value, when one is needed. */
export function jsonRequestSnippets(url: string, body: unknown, auth: string | undefined): SnippetSet {
  return {
    javascript: jsonJavascript(url, body, auth),
    python: jsonPython(url, body, auth),
    curl: jsonCurl(url, body, auth),
  };
}

/** A multipart `POST` of `fields` to `url`; file fields upload `exampleFile`. */
export function formRequestSnippets(
  url: string,
  fields: readonly FormField[],
  auth: string | undefined,
  exampleFile: string,
): SnippetSet {
  return {
    javascript: formJavascript(url, fields, auth),
    python: formPython(url, fields, auth, exampleFile),
    curl: formCurl(url, fields, auth, exampleFile),
  };
}

/**
 * `async function query(…)` posting to `url` with these header lines (`"Name": "value"`): JSON of its
 * argument, or the FormData it is given (no Content-Type: the browser sets the multipart boundary).
 */
export function fetchQueryFunction(url: string, form: boolean, headers: readonly string[]): string[] {
  return [
    `async function query(${form ? 'formData' : 'data'}) {`,
    `  const response = await fetch(${JSON.stringify(url)}, {`,
    '    method: "POST",',
    ...(headers.length > 0
      ? ['    headers: {', headers.map((header) => `      ${header}`).join(',\n'), '    },']
      : []),
    `    body: ${form ? 'formData' : 'JSON.stringify(data)'}`,
    '  });',
    '  return response.json();',
    '}',
  ];
}

function jsonJavascript(url: string, body: unknown, auth: string | undefined): string {
  const headers = [`"Content-Type": "application/json"`];
  if (auth) headers.push(`"Authorization": ${JSON.stringify(auth)}`);
  return [
    ...fetchQueryFunction(url, false, headers),
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
  return [
    '// FormData carries files and text fields together as multipart/form-data',
    'const formData = new FormData();',
    ...appends,
    '',
    ...fetchQueryFunction(url, true, auth ? [`"Authorization": ${JSON.stringify(auth)}`] : []),
    '',
    'query(formData).then((response) => {',
    '  console.log(response);',
    '});',
  ].join('\n');
}

/** The address of an API route on a host: `apiUrl("http://h/", "prediction/1")` → `http://h/api/v1/prediction/1`. */
export function apiUrl(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/${route}`;
}

/** The opening lines of a Python example: the import, `API_URL`, and `headers` when there is `auth`. */
export function pythonHeader(url: string, auth: string | undefined): string[] {
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

function formPython(
  url: string,
  fields: readonly FormField[],
  auth: string | undefined,
  exampleFile: string,
): string {
  // Every field goes through `files=` so requests always sends multipart/form-data;
  // `(None, text)` is how requests spells a plain text part.
  const parts = fields.map((field) =>
    'file' in field
      ? `    ${JSON.stringify(field.name)}: (${JSON.stringify(exampleFile)}, open(${JSON.stringify(exampleFile)}, "rb"))`
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

function formCurl(
  url: string,
  fields: readonly FormField[],
  auth: string | undefined,
  exampleFile: string,
): string {
  const options = ['-X POST'];
  if (auth) options.push(`-H ${shellQuote(`Authorization: ${auth}`)}`);
  for (const field of fields) {
    options.push(
      `-F ${shellQuote('file' in field ? `${field.name}=@${exampleFile}` : `${field.name}=${field.value}`)}`,
    );
  }
  return curlCommand(url, options);
}

export function curlCommand(url: string, options: readonly string[]): string {
  const target = /^[\w@%+=:,./-]+$/.test(url) ? url : shellQuote(url);
  return [`curl ${target}`, ...options.map((option) => `     ${option}`)].join(' \\\n');
}

/** Single-quotes a shell word; a `'` inside becomes `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A Python literal of a JSON-like value: on one line without `indent`, else spread over lines and
 * indented by 4 spaces per level after `indent`, like `json.dumps`.
 */
export function pythonLiteral(value: unknown, indent?: string): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = indent === undefined ? undefined : `${indent}    `;
  const [open, close, items] = Array.isArray(value)
    ? ['[', ']', value.map((item) => pythonLiteral(item, inner))]
    : [
        '{',
        '}',
        Object.entries(value as Record<string, unknown>).map(
          ([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`,
        ),
      ];
  if (inner === undefined) return `${open}${items.join(', ')}${close}`;
  if (items.length === 0) return `${open}${close}`;
  return `${open}\n${items.map((item) => inner + item).join(',\n')}\n${indent}${close}`;
}
