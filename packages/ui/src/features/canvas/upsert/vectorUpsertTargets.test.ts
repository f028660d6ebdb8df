import { describe, expect, it } from 'vitest';
import { flowiseFile } from '../../../test/flowiseFiles';
import { documentFromText } from '../document/flowFile';
import type { FlowDocument } from '../document/types';
import { vectorUpsertTargets } from './vectorUpsertTargets';

const crqa = () =>
  documentFromText(JSON.stringify(flowiseFile('chatflows', 'Conversational Retrieval QA Chain.json')));

const setInputs = (doc: FlowDocument, id: string, inputs: Record<string, unknown>): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((node) =>
    node.id === id ? { ...node, data: { ...node.data, inputs: { ...node.data.inputs, ...inputs } } } : node,
  ),
});

describe('vectorUpsertTargets', () => {
  it('finds the vector store of a real Flowise flow with the components feeding it, in order', () => {
    const [target, ...others] = vectorUpsertTargets(crqa());
    expect(others).toEqual([]);
    expect(target!.store).toMatchObject({ id: 'faiss_0', label: 'Faiss', category: 'Vector Stores' });
    expect(target!.components.map((component) => component.id)).toEqual([
      'faiss_0',
      'openAIEmbeddings_0',
      'textFile_0',
      'documentStore_0',
      'recursiveCharacterTextSplitter_0',
    ]);
    // The chat model and the chain are downstream: not part of the upsert.
    expect(target!.components.map((component) => component.id)).not.toContain('chatMistralAI_0');
  });

  it('lists the settings that are set, and the file types of the loader that reads files', () => {
    const [target] = vectorUpsertTargets(crqa());
    const byId = new Map(target!.components.map((component) => [component.id, component]));
    expect(byId.get('openAIEmbeddings_0')!.params).toEqual([
      { label: 'Model Name', name: 'modelName', type: 'asyncOptions', value: 'text-embedding-ada-002' },
    ]);
    expect(byId.get('recursiveCharacterTextSplitter_0')!.params).toEqual([
      { label: 'Chunk Size', name: 'chunkSize', type: 'number', value: '1000' },
    ]);
    expect(byId.get('faiss_0')!.params).toEqual([]);
    expect(target!.fileTypes?.slice(0, 3)).toEqual(['.txt', '.html', '.aspx']);
  });

  it('shows file names rather than file contents, and never a password', () => {
    let doc = setInputs(crqa(), 'textFile_0', {
      txtFile: 'data:text/plain;base64,SGVsbG8=,filename:notes.txt',
    });
    doc = {
      ...doc,
      nodes: doc.nodes.map((node) =>
        node.id === 'faiss_0'
          ? {
              ...node,
              data: {
                ...node.data,
                inputParams: [
                  ...node.data.inputParams,
                  { label: 'Api Key', name: 'apiKey', type: 'password' },
                ],
                inputs: { ...node.data.inputs, apiKey: 'sk-secret', topK: 3 },
              },
            }
          : node,
      ),
    };
    const [target] = vectorUpsertTargets(doc);
    const text = JSON.stringify(target);
    expect(text).not.toContain('sk-secret');
    expect(text).not.toContain('SGVsbG8=');
    expect(target!.components.find((c) => c.id === 'textFile_0')!.params[0]).toEqual({
      label: 'Txt File',
      name: 'txtFile',
      type: 'file',
      value: 'notes.txt',
    });
    expect(target!.store.params).toEqual([{ label: 'Top K', name: 'topK', type: 'number', value: '3' }]);
  });

  it('offers nothing when no document input of a vector store is connected', () => {
    const doc = crqa();
    const unfed = {
      ...doc,
      edges: doc.edges.filter((edge) => !edge.targetHandle?.includes('-input-document-')),
    };
    expect(vectorUpsertTargets(unfed)).toEqual([]);
    expect(vectorUpsertTargets({ nodes: [], edges: [] })).toEqual([]);
  });

  it('leaves out the older "Upsert" and "Load Existing" vector store nodes', () => {
    const doc = crqa();
    for (const label of ['Faiss Upsert Document', 'Faiss Load Existing Index']) {
      const renamed = {
        ...doc,
        nodes: doc.nodes.map((node) =>
          node.id === 'faiss_0' ? { ...node, data: { ...node.data, label } } : node,
        ),
      };
      expect(vectorUpsertTargets(renamed)).toEqual([]);
    }
  });

  it('gives every fed vector store of a flow its own target', () => {
    const doc = crqa();
    const faiss = doc.nodes.find((node) => node.id === 'faiss_0')!;
    const second = { ...faiss, id: 'faiss_1', data: { ...faiss.data, id: 'faiss_1', label: 'Second Faiss' } };
    const edges = doc.edges
      .filter((edge) => edge.target === 'faiss_0')
      .map((edge) => ({
        ...edge,
        id: `${edge.id}-copy`,
        target: 'faiss_1',
        targetHandle: edge.targetHandle?.replace('faiss_0', 'faiss_1') ?? null,
      }));
    const targets = vectorUpsertTargets({ nodes: [...doc.nodes, second], edges: [...doc.edges, ...edges] });
    expect(targets.map((target) => target.store.label)).toEqual(['Faiss', 'Second Faiss']);
    expect(targets[1]!.components).toHaveLength(5);
  });
});
