import { describe, expect, it } from 'vitest';
import { overridableParams } from './flow-config.js';
import { uploadsConfig } from './uploads-config.js';

const node = (id: string, data: Record<string, unknown>) => ({
  id,
  type: 'customNode',
  data: { id, ...data },
});

describe('overridableParams', () => {
  it("lists editable params in Flowise's shape, leaving out secrets, files and sticky notes", () => {
    const nodes = [
      node('chatOpenAI_0', {
        label: 'ChatOpenAI',
        name: 'chatOpenAI',
        inputs: {},
        inputParams: [
          { label: 'Connect Credential', name: 'credential', type: 'credential' },
          { label: 'Temperature', name: 'temperature', type: 'number' },
          {
            label: 'Image Resolution',
            name: 'imageResolution',
            type: 'options',
            options: [{ name: 'low' }, { name: 'high' }],
          },
          { label: 'Key', name: 'apiKey', type: 'password' },
          { label: 'Temperature', name: 'temperature', type: 'number' },
        ],
      }),
      node('textFile_0', {
        label: 'Text File',
        name: 'textFile',
        inputs: {},
        inputParams: [{ label: 'File', name: 'txtFile', type: 'file' }],
      }),
      node('stickyNote_0', {
        label: 'Note',
        name: 'stickyNote',
        inputs: {},
        inputParams: [{ label: 'Note', name: 'note', type: 'string' }],
      }),
      node('agent_0', {
        label: 'Agent',
        name: 'agentAgentflow',
        inputs: { agentModelConfig: { modelName: 'gpt-4o', temperature: 0.2, FLOWISE_CREDENTIAL_ID: 'c' } },
        inputParams: [
          { label: 'Model', name: 'agentModel', type: 'asyncOptions', loadConfig: true },
          {
            label: 'Messages',
            name: 'agentMessages',
            type: 'array',
            array: [
              { name: 'role', type: 'options', options: [{ name: 'system' }, { name: 'user' }] },
              { name: 'content', type: 'string' },
            ],
          },
        ],
      }),
    ];
    expect(overridableParams(nodes, () => undefined)).toEqual([
      {
        node: 'ChatOpenAI',
        nodeId: 'chatOpenAI_0',
        label: 'Temperature',
        name: 'temperature',
        type: 'number',
      },
      {
        node: 'ChatOpenAI',
        nodeId: 'chatOpenAI_0',
        label: 'Image Resolution',
        name: 'imageResolution',
        type: 'low, high',
      },
      {
        node: 'Agent',
        nodeId: 'agent_0',
        label: 'Model Config',
        name: 'agentModelConfig',
        type: 'json',
        schema: { modelName: 'string', temperature: 'number' },
      },
      {
        node: 'Agent',
        nodeId: 'agent_0',
        label: 'Messages',
        name: 'agentMessages',
        type: 'array',
        schema: { role: '(system, user)', content: 'string' },
      },
    ]);
  });

  it("falls back to the node type's params for a node saved without them", () => {
    const nodes = [node('x_0', { label: 'X', name: 'x', inputs: {} })];
    expect(overridableParams(nodes, () => [{ label: 'Name', name: 'name', type: 'string' }])).toEqual([
      { node: 'X', nodeId: 'x_0', label: 'Name', name: 'name', type: 'string' },
    ]);
  });
});

describe('uploadsConfig', () => {
  it('offers images only when a chat model allows them', () => {
    const model = (allow: unknown) =>
      node('m', { category: 'Chat Models', inputs: { allowImageUploads: allow } });
    expect(uploadsConfig([model(false)]).isImageUploadAllowed).toBe(false);
    expect(uploadsConfig([model('true')]).imgUploadSizeAndTypes).toEqual([
      { fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'], maxUploadSize: 5 },
    ]);
    expect(
      uploadsConfig([node('c', { category: 'Chains', inputs: { allowImageUploads: true } })])
        .isImageUploadAllowed,
    ).toBe(false);
  });

  it('offers files to search in the chat when a vector store with File Upload on reads a file loader', () => {
    const loader = {
      id: 'pdfFile_0',
      data: {
        category: 'Document Loaders',
        inputs: {},
        inputParams: [{ name: 'pdfFile', type: 'file', fileType: '.pdf' }],
      },
    };
    const store = (fileUpload: unknown) => ({
      id: 'embeddedVectorStore_0',
      data: { category: 'Vector Stores', inputs: { fileUpload, document: ['{{pdfFile_0.data.instance}}'] } },
    });
    expect(uploadsConfig([loader, store(true)])).toMatchObject({
      isRAGFileUploadAllowed: true,
      fileUploadSizeAndTypes: [{ fileTypes: ['.pdf'], maxUploadSize: 50 }],
    });
    expect(uploadsConfig([loader, store(false)]).isRAGFileUploadAllowed).toBe(false);
    expect(uploadsConfig([store(true)]).isRAGFileUploadAllowed).toBe(false);
  });

  it('offers a recorded question only when the flow transcribes speech', () => {
    expect(uploadsConfig([]).isSpeechToTextEnabled).toBe(false);
    expect(uploadsConfig([], true).isSpeechToTextEnabled).toBe(true);
  });
});
