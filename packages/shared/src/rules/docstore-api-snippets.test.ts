import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER } from './api-snippets.js';
import {
  docStoreUpsertSnippets,
  docStoreUpsertUrl,
  groupStoreConfigs,
  needsMultipart,
  type StoreConfigParam,
} from './docstore-api-snippets.js';

const PDF_CONFIGS: StoreConfigParam[] = [
  { node: 'Pdf File', nodeId: 'pdfFile_0', label: 'Pdf File', name: 'files', type: '.pdf' },
  { node: 'Pdf File', nodeId: 'pdfFile_0', label: 'Usage', name: 'usage', type: 'perPage, perFile' },
  {
    node: 'Recursive Character Text Splitter',
    nodeId: 'recursiveCharacterTextSplitter_0',
    label: 'Chunk Size',
    name: 'chunkSize',
    type: 'number',
  },
];
const TEXT_CONFIGS: StoreConfigParam[] = [
  { node: 'Plain Text', nodeId: 'plainText_0', label: 'Text', name: 'text', type: 'string' },
];
const base = { baseUrl: 'http://localhost:3000/', storeId: 'store-1', loaderId: 'loader-9' };

/** Compiles JavaScript without running it, so a syntax error fails the test. */
function compiles(code: string): boolean {
  new Script(`(async () => { const input = { files: [] }; ${code} })`);
  return true;
}

describe('docStoreUpsertUrl', () => {
  it("is the store's upsert endpoint, whatever slashes end the base", () => {
    expect(docStoreUpsertUrl('https://flows.example.com//', 's1')).toBe(
      'https://flows.example.com/api/v1/document-store/upsert/s1',
    );
  });
});

describe('needsMultipart', () => {
  it('is true only when an overridable setting is a file', () => {
    expect(needsMultipart(PDF_CONFIGS)).toBe(true);
    expect(needsMultipart(TEXT_CONFIGS)).toBe(false);
    expect(needsMultipart()).toBe(false);
  });
});

describe('groupStoreConfigs', () => {
  it('groups the settings per component in the order they came', () => {
    expect(groupStoreConfigs(PDF_CONFIGS)).toEqual([
      {
        node: 'Pdf File',
        nodeId: 'pdfFile_0',
        params: [
          { label: 'Pdf File', name: 'files', type: '.pdf' },
          { label: 'Usage', name: 'usage', type: 'perPage, perFile' },
        ],
      },
      {
        node: 'Recursive Character Text Splitter',
        nodeId: 'recursiveCharacterTextSplitter_0',
        params: [{ label: 'Chunk Size', name: 'chunkSize', type: 'number' }],
      },
    ]);
  });
});

describe('docStoreUpsertSnippets', () => {
  it('uploads files as multipart/form-data when the loader reads files', () => {
    const snippets = docStoreUpsertSnippets({ ...base, configs: PDF_CONFIGS });
    expect(snippets.multipart).toBe(true);
    expect(snippets.python).toContain('requests.post(API_URL, files=files, data=body_data, headers=headers)');
    expect(snippets.python).toContain('"docId": "loader-9"');
    expect(snippets.python).toContain('"splitter": "{\\"config\\":{\\"chunkSize\\":20000}}"');
    expect(snippets.javascript).toContain('formData.append("files", input.files[0]);');
    expect(snippets.javascript).toContain('formData.append("replaceExisting", "true");');
    expect(snippets.javascript).not.toContain('Content-Type');
    expect(compiles(snippets.javascript)).toBe(true);
    expect(snippets.curl).toContain("-F 'files=@my-file.pdf'");
    expect(snippets.curl).toContain(`-F 'splitter={"config":{"chunkSize":20000}}'`);
    expect(snippets.curl).toContain("-F 'docId=loader-9'");
  });

  it('sends JSON when the loader reads no files', () => {
    const snippets = docStoreUpsertSnippets({ ...base, configs: TEXT_CONFIGS });
    expect(snippets.multipart).toBe(false);
    expect(snippets.python).toContain('requests.post(API_URL, json=payload, headers=headers)');
    expect(snippets.python).toContain('"replaceExisting": True');
    expect(snippets.python).toContain('"splitter": {"config": {"chunkSize": 20000}}');
    expect(snippets.javascript).toContain('"Content-Type": "application/json"');
    expect(compiles(snippets.javascript)).toBe(true);
    expect(snippets.curl).toContain(
      `-d '{"docId":"loader-9","metadata":{},"replaceExisting":true,"createNewDocStore":false,"loaderName":"Custom Loader Name","splitter":{"config":{"chunkSize":20000}}}'`,
    );
  });

  it('posts to the store with the API key placeholder in every language', () => {
    for (const configs of [PDF_CONFIGS, TEXT_CONFIGS]) {
      const snippets = docStoreUpsertSnippets({ ...base, configs });
      for (const code of [snippets.python, snippets.javascript, snippets.curl]) {
        expect(code).toContain('http://localhost:3000/api/v1/document-store/upsert/store-1');
        expect(code).toContain(`Bearer ${API_KEY_PLACEHOLDER}`);
      }
    }
  });

  it('quotes a loader id that holds a quote so the shell command stays one word', () => {
    const { curl } = docStoreUpsertSnippets({ ...base, loaderId: "it's", configs: PDF_CONFIGS });
    expect(curl).toContain(`-F 'docId=it'\\''s'`);
  });

  it('keeps the shell comments out of the continued command', () => {
    const { curl } = docStoreUpsertSnippets({ ...base, configs: TEXT_CONFIGS });
    const command = curl.slice(curl.indexOf('curl '));
    expect(command).not.toContain('#');
    expect(curl.split('\n')[0]).toMatch(/^# /);
  });
});
