import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER } from './api-snippets.js';
import { exampleUploadName, vectorUpsertSnippets, vectorUpsertUrl } from './vector-upsert-snippets.js';

const base = { baseUrl: 'http://localhost:3000/', flowId: 'flow-1' };

/** Compiles JavaScript without running it, so a syntax error fails the test. */
function compiles(code: string): boolean {
  new Script(`(async () => { const input = { files: [] }; ${code} })`);
  return true;
}

/** The JSON body a curl example sends. */
const curlBody = (curl: string) => JSON.parse(curl.split("-d '")[1]?.slice(0, -1) ?? '') as unknown;

describe('vectorUpsertUrl', () => {
  it("is the chatflow's vector upsert endpoint, whatever slashes end the base", () => {
    expect(vectorUpsertUrl('https://flows.example.com//', 'f1')).toBe(
      'https://flows.example.com/api/v1/vector/upsert/f1',
    );
  });
});

describe('exampleUploadName', () => {
  it("takes the loader's first extension, and a PDF when the loader reads any file", () => {
    expect(exampleUploadName(['.txt', '.md'])).toBe('example.txt');
    expect(exampleUploadName([' .csv'])).toBe('example.csv');
    expect(exampleUploadName(['*'])).toBe('example.pdf');
    expect(exampleUploadName()).toBe('example.pdf');
  });
});

describe('vectorUpsertSnippets with a JSON body', () => {
  it('posts an override example with the API key, and no stop node when the flow has one store', () => {
    const snippets = vectorUpsertSnippets(base);
    expect(snippets.multipart).toBe(false);
    expect(curlBody(snippets.curl)).toEqual({ overrideConfig: { topK: 2 } });
    expect(snippets.curl).toContain('curl http://localhost:3000/api/v1/vector/upsert/flow-1 \\');
    expect(snippets.curl).toContain(`-H 'Authorization: Bearer ${API_KEY_PLACEHOLDER}'`);
    expect(snippets.python).toContain('API_URL = "http://localhost:3000/api/v1/vector/upsert/flow-1"');
    expect(snippets.python).toContain(`headers = {"Authorization": "Bearer ${API_KEY_PLACEHOLDER}"}`);
    expect(snippets.python).toContain('"overrideConfig": {\n        "topK": 2\n    }');
    expect(snippets.javascript).not.toContain('stopNodeId');
  });

  it('names the vector store to upsert when it is given', () => {
    const snippets = vectorUpsertSnippets({ ...base, stopNodeId: 'pinecone_1' });
    expect(curlBody(snippets.curl)).toEqual({ stopNodeId: 'pinecone_1', overrideConfig: { topK: 2 } });
    expect(snippets.python).toContain('"stopNodeId": "pinecone_1"');
    expect(snippets.javascript).toContain('"stopNodeId": "pinecone_1"');
  });

  it('writes JavaScript that compiles', () => {
    expect(compiles(vectorUpsertSnippets({ ...base, stopNodeId: 'faiss_0' }).javascript)).toBe(true);
  });
});

describe('vectorUpsertSnippets with a file loader', () => {
  const snippets = vectorUpsertSnippets({ ...base, stopNodeId: 'faiss_0', fileTypes: ['.txt', '.md'] });

  it('uploads an example file of the loader type as multipart, with the other fields as text', () => {
    expect(snippets.multipart).toBe(true);
    expect(snippets.curl).toBe(
      [
        'curl http://localhost:3000/api/v1/vector/upsert/flow-1 \\',
        '     -X POST \\',
        `     -H 'Authorization: Bearer ${API_KEY_PLACEHOLDER}' \\`,
        "     -F 'files=@example.txt' \\",
        "     -F 'stopNodeId=faiss_0' \\",
        "     -F 'topK=2'",
      ].join('\n'),
    );
    expect(snippets.python).toContain('"files": ("example.txt", open("example.txt", "rb"))');
    expect(snippets.python).toContain('"topK": (None, "2")');
    expect(snippets.javascript).toContain('formData.append("files", input.files[0]);');
    expect(snippets.javascript).toContain('formData.append("stopNodeId", "faiss_0");');
    // The browser sets the multipart boundary: no Content-Type of its own.
    expect(snippets.javascript).not.toContain('Content-Type');
  });

  it('writes JavaScript that compiles', () => {
    expect(compiles(snippets.javascript)).toBe(true);
  });
});
