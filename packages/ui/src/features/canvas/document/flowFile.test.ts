import { describe, expect, it } from 'vitest';
import {
  isJsonText,
  documentFromText,
  documentToFlowData,
  exportFileName,
  exportFileText,
  viewportFromText,
} from './flowFile';
import flowiseFile from './fixtures/flowise-llm-chain.json';
import { setNodeCredential, setNodeInputs } from './editNode';

const text = JSON.stringify(flowiseFile);

describe('flow files', () => {
  it('loads a Flowise file with node data unchanged', () => {
    const doc = documentFromText(text);
    expect(doc.nodes.map((n) => [n.id, n.type])).toEqual([
      ['promptTemplate_0', 'customNode'],
      ['llmChain_0', 'customNode'],
      ['azureChatOpenAI_0', 'customNode'],
      ['stickyNote_0', 'stickyNote'],
    ]);
    expect(doc.nodes[1]!.data).toEqual(flowiseFile.nodes[1]!.data);
    expect(doc.edges.map((e) => e.id)).toEqual(flowiseFile.edges.map((e) => e.id));
  });

  it('saves nodes and edges in the Flowise shape, with the viewport', () => {
    const doc = documentFromText(text);
    const saved = documentToFlowData(doc, { x: 1, y: 2, zoom: 0.5 });
    expect(saved.viewport).toEqual({ x: 1, y: 2, zoom: 0.5 });
    expect(saved.nodes[0]).toMatchObject({
      id: 'promptTemplate_0',
      type: 'customNode',
      position: flowiseFile.nodes[0]!.position,
      positionAbsolute: flowiseFile.nodes[0]!.position,
      width: 300,
      selected: false,
      data: flowiseFile.nodes[0]!.data,
    });
    expect(saved.edges[0]).toEqual({ ...flowiseFile.edges[0], type: 'buttonedge' });
    expect(viewportFromText(JSON.stringify(saved))).toEqual({ x: 1, y: 2, zoom: 0.5 });
    expect(viewportFromText('nope')).toBeUndefined();
  });

  it('moves a credential picked while editing to data.credential', () => {
    let doc = documentFromText(text);
    doc = setNodeInputs(doc, 'azureChatOpenAI_0', { FLOWISE_CREDENTIAL_ID: 'cred-1' });
    const node = documentToFlowData(doc).nodes.find((n) => n.id === 'azureChatOpenAI_0')!;
    expect(node.data.credential).toBe('cred-1');
    expect(node.data.inputs).not.toHaveProperty('FLOWISE_CREDENTIAL_ID');
  });

  it('exports without credentials or secrets, named after the flow', () => {
    const doc = setNodeCredential(documentFromText(text), 'azureChatOpenAI_0', 'cred-1');
    const exported = JSON.parse(exportFileText(doc));
    expect(Object.keys(exported)).toEqual(['nodes', 'edges']);
    expect(exported.nodes[2].data).not.toHaveProperty('credential');
    expect(exportFileName('My flow')).toBe('My flow Chatflow.json');
  });

  it('reads invalid text as an empty flow and drops dangling edges', () => {
    expect(documentFromText('{oops')).toEqual({ nodes: [], edges: [] });
    const dangling = documentFromText(JSON.stringify({ ...flowiseFile, nodes: flowiseFile.nodes.slice(1) }));
    expect(dangling.edges.map((e) => e.source)).toEqual(['azureChatOpenAI_0']);
  });
});

describe('isJsonText', () => {
  it('tells JSON text from anything else', () => {
    expect(isJsonText('{"nodes":[]}')).toBe(true);
    expect(isJsonText('[]')).toBe(true);
    expect(isJsonText('nodes: []')).toBe(false);
    expect(isJsonText('')).toBe(false);
  });
});
