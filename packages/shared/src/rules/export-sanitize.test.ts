import { describe, expect, it } from 'vitest';
import {
  EXPORT_BUNDLE_KEYS,
  EXPORT_DATA_TYPES,
  sanitizeFlowDataText,
  sanitizeFlowForExport,
  stripCredentialIds,
} from './export-sanitize.js';

// Shaped like the nodes of a saved Flowise chatflow (compat/FLOWISE_API.md §2.2).
function chatModelNode() {
  return {
    id: 'chatOpenAI_0',
    type: 'customNode',
    position: { x: 10, y: 20 },
    positionAbsolute: { x: 10, y: 20 },
    width: 300,
    height: 574,
    selected: true,
    dragging: false,
    data: {
      id: 'chatOpenAI_0',
      label: 'ChatOpenAI',
      version: 6,
      name: 'chatOpenAI',
      type: 'ChatOpenAI',
      baseClasses: ['ChatOpenAI', 'BaseChatModel'],
      category: 'Chat Models',
      description: 'Wrapper around OpenAI chat models',
      inputParams: [
        {
          label: 'Connect Credential',
          name: 'credential',
          type: 'credential',
          id: 'chatOpenAI_0-input-credential-credential',
        },
        {
          label: 'Model Name',
          name: 'modelName',
          type: 'asyncOptions',
          id: 'chatOpenAI_0-input-modelName-asyncOptions',
        },
        {
          label: 'API Key',
          name: 'openAIApiKey',
          type: 'password',
          id: 'chatOpenAI_0-input-openAIApiKey-password',
        },
        { label: 'Text File', name: 'txtFile', type: 'file', id: 'chatOpenAI_0-input-txtFile-file' },
        {
          label: 'Folder Path',
          name: 'folderPath',
          type: 'folder',
          id: 'chatOpenAI_0-input-folderPath-folder',
        },
      ],
      inputAnchors: [
        { label: 'Cache', name: 'cache', type: 'BaseCache', id: 'chatOpenAI_0-input-cache-BaseCache' },
      ],
      inputs: {
        modelName: 'gpt-4o-mini',
        openAIApiKey: 'sk-secret',
        txtFile: 'data:text/plain;base64,SGk=,filename:a.txt',
        folderPath: '/home/me/docs',
        cache: '',
        FLOWISE_CREDENTIAL_ID: 'cred-1',
        llmModelConfig: { modelName: 'gpt-4o', FLOWISE_CREDENTIAL_ID: 'cred-2' },
      },
      outputAnchors: [{ id: 'chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel', name: 'chatOpenAI' }],
      outputs: {},
      credential: 'cred-1',
      badge: 'NEW',
      selected: true,
    },
  };
}

describe('sanitizeFlowForExport', () => {
  it('keeps the outer node fields and unselects the node', () => {
    const [node] = sanitizeFlowForExport({ nodes: [chatModelNode()], edges: [] }).nodes;
    expect(node).toMatchObject({
      id: 'chatOpenAI_0',
      type: 'customNode',
      position: { x: 10, y: 20 },
      positionAbsolute: { x: 10, y: 20 },
      width: 300,
      height: 574,
      dragging: false,
      selected: false,
    });
  });

  it('rebuilds data from the exported fields only, unselected', () => {
    const [node] = sanitizeFlowForExport({ nodes: [chatModelNode()], edges: [] }).nodes;
    const data = node?.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([
      'id',
      'label',
      'version',
      'name',
      'type',
      'baseClasses',
      'category',
      'description',
      'inputParams',
      'inputAnchors',
      'inputs',
      'outputAnchors',
      'outputs',
      'selected',
    ]);
    expect(data.selected).toBe(false);
    expect(data).not.toHaveProperty('credential');
    expect(data).not.toHaveProperty('badge');
  });

  it('keeps optional display fields when the node has them', () => {
    const node = chatModelNode();
    const withExtras = {
      ...node,
      data: { ...node.data, color: '#fff', hideInput: true, hideOutput: false, tags: ['x'] },
    };
    const [exported] = sanitizeFlowForExport({ nodes: [withExtras], edges: [] }).nodes;
    expect(exported?.data).toMatchObject({ color: '#fff', hideInput: true, hideOutput: false, tags: ['x'] });
  });

  it('drops the values of password, file and folder inputs and every credential id', () => {
    const [node] = sanitizeFlowForExport({ nodes: [chatModelNode()], edges: [] }).nodes;
    expect((node?.data as Record<string, unknown>).inputs).toEqual({
      modelName: 'gpt-4o-mini',
      cache: '',
      llmModelConfig: { modelName: 'gpt-4o' },
    });
  });

  it('keeps the parameter definitions themselves', () => {
    const [node] = sanitizeFlowForExport({ nodes: [chatModelNode()], edges: [] }).nodes;
    expect((node?.data as { inputParams: unknown[] }).inputParams).toHaveLength(5);
  });

  it('removes credential ids at any depth, in arrays, outer fields and edges too', () => {
    const node = { ...chatModelNode(), extra: [{ FLOWISE_CREDENTIAL_ID: 'c', keep: 1 }] };
    const edge = { id: 'e', source: 'a', target: 'b', data: { FLOWISE_CREDENTIAL_ID: 'c', label: '' } };
    const result = sanitizeFlowForExport({ nodes: [node], edges: [edge] });
    expect(JSON.stringify(result)).not.toContain('FLOWISE_CREDENTIAL_ID');
    expect(result.nodes[0]?.extra).toEqual([{ keep: 1 }]);
    expect(result.edges).toEqual([{ id: 'e', source: 'a', target: 'b', data: { label: '' } }]);
  });

  it('keeps every input of a node without parameter definitions, except credential ids', () => {
    const node = { id: 'n', data: { id: 'n', inputs: { a: 1, FLOWISE_CREDENTIAL_ID: 'x' } } };
    const [exported] = sanitizeFlowForExport({ nodes: [node], edges: [] }).nodes;
    expect(exported).toEqual({
      id: 'n',
      selected: false,
      data: { id: 'n', inputs: { a: 1 }, selected: false },
    });
  });

  it('unselects a node without data and leaves out entries that are not objects', () => {
    const result = sanitizeFlowForExport({
      nodes: [{ id: 'sticky', selected: true }, null, 'x', [1]],
      edges: [3],
    });
    expect(result).toEqual({ nodes: [{ id: 'sticky', selected: false }], edges: [] });
  });

  it('treats missing lists as empty', () => {
    expect(sanitizeFlowForExport({})).toEqual({ nodes: [], edges: [] });
    expect(sanitizeFlowForExport({ nodes: null, edges: null })).toEqual({ nodes: [], edges: [] });
  });

  it('does not modify the flow it is given', () => {
    const node = chatModelNode();
    const before = JSON.stringify(node);
    sanitizeFlowForExport({ nodes: [node], edges: [] });
    expect(JSON.stringify(node)).toBe(before);
  });

  it('exports only nodes and edges', () => {
    const flow = { nodes: [], edges: [], viewport: { x: 0, y: 0, zoom: 1 } };
    expect(Object.keys(sanitizeFlowForExport(flow))).toEqual(['nodes', 'edges']);
  });
});

describe('sanitizeFlowDataText', () => {
  it('returns the sanitised flow as JSON indented by two spaces', () => {
    const text = JSON.stringify({ nodes: [{ id: 'a', selected: true }], edges: [], viewport: {} });
    expect(sanitizeFlowDataText(text)).toBe(
      '{\n  "nodes": [\n    {\n      "id": "a",\n      "selected": false\n    }\n  ],\n  "edges": []\n}',
    );
  });

  it('turns invalid text into an empty flow', () => {
    expect(JSON.parse(sanitizeFlowDataText('oops'))).toEqual({ nodes: [], edges: [] });
  });
});

describe('stripCredentialIds', () => {
  it('copies primitives and leaves clean values equal', () => {
    expect(stripCredentialIds(5)).toBe(5);
    expect(stripCredentialIds(null)).toBeNull();
    const value = { a: [1, { b: 'c' }] };
    expect(stripCredentialIds(value)).toEqual(value);
    expect(stripCredentialIds(value)).not.toBe(value);
  });
});

describe('EXPORT_DATA_TYPES', () => {
  it('lists the export choices with their request flags in specification order', () => {
    expect(EXPORT_DATA_TYPES.map(({ label, flag }) => `${label}=${flag}`)).toEqual([
      'Agentflows=agentflow',
      'Agentflows V2=agentflowv2',
      'Assistants Custom=assistantCustom',
      'Assistants OpenAI=assistantOpenAI',
      'Assistants Azure=assistantAzure',
      'Chatflows=chatflow',
      'Chat Messages=chat_message',
      'Chat Feedbacks=chat_feedback',
      'Custom Templates=custom_template',
      'Document Stores=document_store',
      'Executions=execution',
      'Tools=tool',
      'Variables=variable',
    ]);
  });
});

describe('EXPORT_BUNDLE_KEYS', () => {
  it('lists the bundle sections in the key order of the exported file', () => {
    expect(EXPORT_BUNDLE_KEYS).toEqual([
      'AgentFlow',
      'AgentFlowV2',
      'AssistantFlow',
      'AssistantCustom',
      'AssistantOpenAI',
      'AssistantAzure',
      'ChatFlow',
      'ChatMessage',
      'ChatMessageFeedback',
      'CustomTemplate',
      'DocumentStore',
      'DocumentStoreFileChunk',
      'Execution',
      'Tool',
      'Variable',
    ]);
  });
});
