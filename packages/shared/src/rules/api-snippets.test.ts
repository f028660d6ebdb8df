import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER, apiSnippets, predictionUrl, snippetFields } from './api-snippets.js';

const base = { baseUrl: 'http://localhost:3000', flowId: 'abc-123' };
const fields = [
  { name: 'temperature', type: 'number' },
  { name: 'files', type: 'file' },
  { name: 'vars', type: 'json' },
  { name: 'streaming', type: 'boolean' },
  { name: 'systemMessage', type: 'string' },
];

/** Compiles JavaScript without running it, so a syntax error fails the test. */
function compiles(code: string): boolean {
  new Script(`(async () => { const input = { files: [] }; ${code} })`);
  return true;
}

describe('predictionUrl', () => {
  it('builds the prediction endpoint of a flow, ignoring trailing slashes of the base', () => {
    expect(predictionUrl('http://localhost:3000', 'f1')).toBe('http://localhost:3000/api/v1/prediction/f1');
    expect(predictionUrl('https://flows.example.com//', 'f1')).toBe(
      'https://flows.example.com/api/v1/prediction/f1',
    );
  });
});

describe('snippetFields', () => {
  it('moves the files field first and keeps at most four fields', () => {
    expect(snippetFields(fields).map((f) => f.name)).toEqual(['files', 'temperature', 'vars', 'streaming']);
  });

  it('keeps the order of the other fields and handles no fields', () => {
    expect(
      snippetFields([
        { name: 'b', type: 'string' },
        { name: 'a', type: 'string' },
      ]).map((f) => f.name),
    ).toEqual(['b', 'a']);
    expect(snippetFields()).toEqual([]);
  });
});

describe('apiSnippets with a JSON body', () => {
  it('writes a fetch call that posts the question', () => {
    expect(apiSnippets(base).json.javascript).toBe(
      [
        'async function query(data) {',
        '  const response = await fetch("http://localhost:3000/api/v1/prediction/abc-123", {',
        '    method: "POST",',
        '    headers: {',
        '      "Content-Type": "application/json"',
        '    },',
        '    body: JSON.stringify(data)',
        '  });',
        '  return response.json();',
        '}',
        '',
        'query({',
        '  "question": "Hey, how are you?"',
        '}).then((response) => {',
        '  console.log(response);',
        '});',
      ].join('\n'),
    );
  });

  it('writes a Python requests call', () => {
    expect(apiSnippets(base).json.python).toBe(
      [
        'import requests',
        '',
        'API_URL = "http://localhost:3000/api/v1/prediction/abc-123"',
        '',
        'def query(payload):',
        '    response = requests.post(API_URL, json=payload)',
        '    return response.json()',
        '',
        'output = query({',
        '    "question": "Hey, how are you?"',
        '})',
      ].join('\n'),
    );
  });

  it('writes a curl command', () => {
    expect(apiSnippets(base).json.curl).toBe(
      [
        'curl http://localhost:3000/api/v1/prediction/abc-123 \\',
        '     -X POST \\',
        "     -H 'Content-Type: application/json' \\",
        `     -d '{"question":"Hey, how are you?"}'`,
      ].join('\n'),
    );
  });

  it('puts the first fields other than files into overrideConfig with typed example values', () => {
    const { json } = apiSnippets({ ...base, inputFields: fields });
    const body = JSON.parse(json.curl.split("-d '")[1]?.slice(0, -1) ?? '') as unknown;
    expect(body).toEqual({
      question: 'Hey, how are you?',
      overrideConfig: { temperature: 1, vars: { key: 'val' }, streaming: true },
    });
    expect(json.python).toContain('"streaming": True');
    expect(json.python).toContain('    "overrideConfig": {\n        "temperature": 1,');
    expect(json.javascript).toContain('"streaming": true');
    expect(json.javascript).not.toContain('systemMessage');
  });

  it('leaves out file fields, which cannot travel in JSON', () => {
    const { json } = apiSnippets({ ...base, inputFields: [{ name: 'pdfFile', type: 'file' }] });
    expect(json.javascript).not.toContain('pdfFile');
    expect(json.javascript).not.toContain('overrideConfig');
  });

  it('writes JavaScript that compiles', () => {
    expect(compiles(apiSnippets({ ...base, inputFields: fields, apiKey: true }).json.javascript)).toBe(true);
  });
});

describe('apiSnippets with form data', () => {
  it('appends the files first, the other fields as text, then the question', () => {
    expect(apiSnippets({ ...base, inputFields: fields }).formData.javascript).toBe(
      [
        '// FormData carries files and text fields together as multipart/form-data',
        'const formData = new FormData();',
        'formData.append("files", input.files[0]);',
        'formData.append("temperature", "1");',
        'formData.append("vars", "{\\"key\\":\\"val\\"}");',
        'formData.append("streaming", "true");',
        'formData.append("question", "Hey, how are you?");',
        '',
        'async function query(formData) {',
        '  const response = await fetch("http://localhost:3000/api/v1/prediction/abc-123", {',
        '    method: "POST",',
        '    body: formData',
        '  });',
        '  return response.json();',
        '}',
        '',
        'query(formData).then((response) => {',
        '  console.log(response);',
        '});',
      ].join('\n'),
    );
  });

  it('writes a Python call that always sends multipart parts', () => {
    expect(apiSnippets({ ...base, inputFields: fields.slice(0, 2) }).formData.python).toBe(
      [
        'import requests',
        '',
        'API_URL = "http://localhost:3000/api/v1/prediction/abc-123"',
        '',
        'form_data = {',
        '    "files": ("example.pdf", open("example.pdf", "rb")),',
        '    "temperature": (None, "1"),',
        '    "question": (None, "Hey, how are you?")',
        '}',
        '',
        'def query(form_data):',
        '    response = requests.post(API_URL, files=form_data)',
        '    return response.json()',
        '',
        'output = query(form_data)',
      ].join('\n'),
    );
  });

  it('writes a curl command with one -F per field', () => {
    expect(apiSnippets({ ...base, inputFields: fields }).formData.curl).toBe(
      [
        'curl http://localhost:3000/api/v1/prediction/abc-123 \\',
        '     -X POST \\',
        "     -F 'files=@example.pdf' \\",
        "     -F 'temperature=1' \\",
        `     -F 'vars={"key":"val"}' \\`,
        "     -F 'streaming=true' \\",
        "     -F 'question=Hey, how are you?'",
      ].join('\n'),
    );
  });

  it('sends stopNodeId instead of a question when a stop node is given', () => {
    const { formData, json } = apiSnippets({ ...base, stopNodeId: 'pdfFile_0' });
    expect(formData.javascript).toContain('formData.append("stopNodeId", "pdfFile_0");');
    expect(formData.javascript).not.toContain('"question"');
    expect(formData.python).toContain('"stopNodeId": (None, "pdfFile_0")');
    expect(formData.curl).toContain("-F 'stopNodeId=pdfFile_0'");
    expect(json.javascript).toContain('"question"');
  });

  it('adds the question even without input fields', () => {
    expect(apiSnippets(base).formData.curl).toContain("-F 'question=Hey, how are you?'");
  });

  it('uploads a file field that is not named files under its own name', () => {
    const { formData } = apiSnippets({ ...base, inputFields: [{ name: 'pdfFile', type: 'file' }] });
    expect(formData.javascript).toContain('formData.append("pdfFile", input.files[0]);');
    expect(formData.curl).toContain("-F 'pdfFile=@example.pdf'");
  });

  it('writes JavaScript that compiles', () => {
    expect(compiles(apiSnippets({ ...base, inputFields: fields, apiKey: true }).formData.javascript)).toBe(
      true,
    );
  });
});

describe('apiSnippets with an API key', () => {
  const { json, formData } = apiSnippets({ ...base, apiKey: true });
  const header = `Bearer ${API_KEY_PLACEHOLDER}`;

  it('adds a bearer placeholder header to every snippet', () => {
    expect(json.javascript).toContain(`      "Authorization": "${header}"`);
    expect(formData.javascript).toContain(`    headers: {\n      "Authorization": "${header}"\n    },`);
    for (const python of [json.python, formData.python]) {
      expect(python).toContain(`headers = {"Authorization": "${header}"}`);
      expect(python).toContain('headers=headers)');
    }
    for (const curl of [json.curl, formData.curl]) expect(curl).toContain(`-H 'Authorization: ${header}'`);
  });

  it('never sets a Content-Type for form data, so the multipart boundary stays intact', () => {
    expect(formData.javascript).not.toContain('Content-Type');
    expect(formData.curl).not.toContain('Content-Type');
  });

  it('omits the header when the flow needs no key', () => {
    const plain = apiSnippets(base);
    for (const snippet of [...Object.values(plain.json), ...Object.values(plain.formData)]) {
      expect(snippet).not.toContain('Authorization');
    }
  });
});

describe('apiSnippets quoting', () => {
  it('escapes single quotes for the shell and quotes unusual URLs', () => {
    const { json, formData } = apiSnippets({
      baseUrl: 'http://host/a b',
      flowId: 'f',
      inputFields: [{ name: "it's", type: 'string' }],
    });
    expect(json.curl.split('\n')[0]).toBe("curl 'http://host/a b/api/v1/prediction/f' \\");
    expect(json.curl).toContain(`"it'\\''s":"example"`);
    expect(formData.curl).toContain(`-F 'it'\\''s=example'`);
  });
});
