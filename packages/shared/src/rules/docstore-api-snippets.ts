/**
 * Example calls of a document store's upsert API (`POST /api/v1/document-store/upsert/<storeId>`,
 * DOCUMENT_STORES.md §2.7, §4.7) in Python, JavaScript and curl. A loader that reads files is
 * called with multipart/form-data (the files plus the other fields as text); any other loader
 * with a JSON body.
 */
import { API_KEY_PLACEHOLDER } from './api-snippets.js';
import {
  apiUrl,
  curlCommand,
  fetchQueryFunction,
  pythonHeader,
  pythonLiteral,
  shellQuote,
  type SnippetSet,
} from './snippet-code.js';

/** One setting a caller may override, as `GET /document-store/store-configs/:id/:loaderId` lists it. */
export interface StoreConfigParam {
  /** Label of the component (loader, splitter, embeddings, vector store, record manager). */
  node: string;
  /** `<componentName>_0`. */
  nodeId: string;
  label: string;
  name: string;
  /** Parameter type; a file input is listed as `{name: "files", type: <accepted types>}`. */
  type: string;
}

export interface DocStoreSnippetsInput {
  /** Origin of the API host, e.g. `http://localhost:3000`; a trailing slash is ignored. */
  baseUrl: string;
  storeId: string;
  /** The loader whose configuration the call reuses (`docId`). */
  loaderId: string;
  /** The overridable settings; a `files` entry makes the examples multipart. */
  configs?: readonly StoreConfigParam[];
}

export interface DocStoreSnippets extends SnippetSet {
  /** Whether the examples upload files (multipart/form-data) rather than send JSON. */
  multipart: boolean;
}

/** The settings of one component, for the "override existing configurations" list. */
export interface StoreConfigGroup {
  node: string;
  nodeId: string;
  params: { label: string; name: string; type: string }[];
}

export const EXAMPLE_LOADER_NAME = 'Custom Loader Name';
export const EXAMPLE_UPLOAD = 'my-file.pdf';
const SPLITTER_OVERRIDE = { config: { chunkSize: 20000 } };
/** Parts a call may also override (sent as `{name?, config?}`), shown commented out. */
const OTHER_OVERRIDES = ['loader', 'embedding', 'vectorStore', 'recordManager', 'docStore'] as const;

/** `POST` address of a store's upsert API. */
export function docStoreUpsertUrl(baseUrl: string, storeId: string): string {
  return apiUrl(baseUrl, `document-store/upsert/${storeId}`);
}

/** Whether a loader's settings include files, so that calls upload them. */
export function needsMultipart(configs: readonly StoreConfigParam[] = []): boolean {
  return configs.some((config) => config.name === 'files');
}

/** The overridable settings grouped by component, in the order the server listed them. */
export function groupStoreConfigs(configs: readonly StoreConfigParam[] = []): StoreConfigGroup[] {
  const groups = new Map<string, StoreConfigGroup>();
  for (const { node, nodeId, label, name, type } of configs) {
    const group = groups.get(nodeId) ?? { node, nodeId, params: [] };
    group.params.push({ label, name, type });
    groups.set(nodeId, group);
  }
  return [...groups.values()];
}

/** The examples of one loader's upsert call. */
export function docStoreUpsertSnippets(input: DocStoreSnippetsInput): DocStoreSnippets {
  const url = docStoreUpsertUrl(input.baseUrl, input.storeId);
  const multipart = needsMultipart(input.configs);
  return multipart
    ? {
        multipart,
        python: formPython(url, input.loaderId),
        javascript: formJavascript(url, input.loaderId),
        curl: formCurl(url, input.loaderId),
      }
    : {
        multipart,
        python: jsonPython(url, input.loaderId),
        javascript: jsonJavascript(url, input.loaderId),
        curl: jsonCurl(url, input.loaderId),
      };
}

const AUTH = `Bearer ${API_KEY_PLACEHOLDER}`;

/** The fields of a call besides files, with what each does. */
function fields(loaderId: string, asText: boolean) {
  return [
    { name: 'docId', value: loaderId, note: 'The loader whose settings are reused' },
    { name: 'metadata', value: asText ? '{}' : {}, note: 'Added to the metadata of every chunk' },
    {
      name: 'replaceExisting',
      value: asText ? 'true' : true,
      note: "Replace this loader's chunks (false adds a new loader)",
    },
    { name: 'createNewDocStore', value: asText ? 'false' : false, note: 'Upsert into a new store instead' },
    { name: 'loaderName', value: EXAMPLE_LOADER_NAME, note: 'Renames the loader' },
    {
      name: 'splitter',
      value: asText ? JSON.stringify(SPLITTER_OVERRIDE) : SPLITTER_OVERRIDE,
      note: 'Overrides settings of the text splitter',
    },
  ];
}

function jsonPython(url: string, loaderId: string): string {
  const lines = fields(loaderId, false).map(
    ({ name, value, note }) => `    ${JSON.stringify(name)}: ${pythonLiteral(value)},  # ${note}`,
  );
  return [
    ...pythonHeader(url, AUTH),
    '',
    'payload = {',
    ...lines,
    '    # Override other saved settings with {"name": ..., "config": {...}}:',
    ...OTHER_OVERRIDES.map((name) => `    # ${JSON.stringify(name)}: {"config": {}},`),
    '}',
    '',
    'def query(payload):',
    '    response = requests.post(API_URL, json=payload, headers=headers)',
    '    return response.json()',
    '',
    'output = query(payload)',
    'print(output)',
  ].join('\n');
}

function formPython(url: string, loaderId: string): string {
  const lines = fields(loaderId, true).map(
    ({ name, value, note }) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)},  # ${note}`,
  );
  return [
    ...pythonHeader(url, AUTH),
    '',
    '# The files to load, sent as multipart/form-data',
    `files = [("files", (${JSON.stringify(EXAMPLE_UPLOAD)}, open(${JSON.stringify(EXAMPLE_UPLOAD)}, "rb")))]`,
    '',
    'body_data = {',
    ...lines,
    '    # Override other saved settings with JSON text of {"name": ..., "config": {...}}:',
    ...OTHER_OVERRIDES.map((name) => `    # ${JSON.stringify(name)}: '{"config": {}}',`),
    '}',
    '',
    'def query():',
    '    response = requests.post(API_URL, files=files, data=body_data, headers=headers)',
    '    return response.json()',
    '',
    'output = query()',
    'print(output)',
  ].join('\n');
}

function jsonJavascript(url: string, loaderId: string): string {
  const lines = fields(loaderId, false).map(
    ({ name, value, note }) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)}, // ${note}`,
  );
  return [
    ...fetchQueryFunction(url, false, [
      '"Content-Type": "application/json"',
      `"Authorization": ${JSON.stringify(AUTH)}`,
    ]),
    '',
    'query({',
    ...lines,
    '  // Override other saved settings with { name, config }:',
    ...OTHER_OVERRIDES.map((name) => `  // ${name}: { config: {} },`),
    '}).then((response) => {',
    '  console.log(response);',
    '});',
  ].join('\n');
}

function formJavascript(url: string, loaderId: string): string {
  const appends = fields(loaderId, true).flatMap(({ name, value, note }) => [
    `// ${note}`,
    `formData.append(${JSON.stringify(name)}, ${JSON.stringify(value)});`,
  ]);
  return [
    '// FormData carries the files and the other fields as multipart/form-data',
    'const formData = new FormData();',
    'formData.append("files", input.files[0]);',
    ...appends,
    '// Override other saved settings with JSON text of { name, config }:',
    ...OTHER_OVERRIDES.map((name) => `// formData.append(${JSON.stringify(name)}, '{"config":{}}');`),
    '',
    ...fetchQueryFunction(url, true, [`"Authorization": ${JSON.stringify(AUTH)}`]),
    '',
    'query(formData).then((response) => {',
    '  console.log(response);',
    '});',
  ].join('\n');
}

function overrideHint(example: string): string[] {
  return ['# Other saved settings can be overridden too:', `# ${OTHER_OVERRIDES.join(', ')} ${example}`];
}

function jsonCurl(url: string, loaderId: string): string {
  const body = Object.fromEntries(fields(loaderId, false).map(({ name, value }) => [name, value]));
  return [
    ...overrideHint('(each {"name": ..., "config": {...}})'),
    curlCommand(url, [
      '-X POST',
      `-H ${shellQuote('Content-Type: application/json')}`,
      `-H ${shellQuote(`Authorization: ${AUTH}`)}`,
      `-d ${shellQuote(JSON.stringify(body))}`,
    ]),
  ].join('\n');
}

function formCurl(url: string, loaderId: string): string {
  return [
    ...overrideHint('(each a -F field of JSON text {"name": ..., "config": {...}})'),
    curlCommand(url, [
      '-X POST',
      `-H ${shellQuote(`Authorization: ${AUTH}`)}`,
      `-F ${shellQuote(`files=@${EXAMPLE_UPLOAD}`)}`,
      ...fields(loaderId, true).map(
        ({ name, value }) =>
          `-F ${shellQuote(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)}`,
      ),
    ]),
  ].join('\n');
}
