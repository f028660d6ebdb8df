import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { formInputs, isFilled, isFormInput, missingInputs } from './componentInputs';

const vectorStore: NodeDefinition = {
  label: 'Pinecone',
  name: 'pinecone',
  version: 1,
  type: 'Pinecone',
  category: 'Vector Stores',
  baseClasses: ['Pinecone'],
  description: '',
  icon: '',
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['pineconeApi'],
  },
  inputs: [
    { label: 'Document', name: 'document', type: 'Document', list: true, optional: true },
    { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
    { label: 'Pinecone Index', name: 'pineconeIndex', type: 'string' },
    { label: 'Namespace', name: 'pineconeNamespace', type: 'string', optional: true, additionalParams: true },
    { label: 'File Upload', name: 'fileUpload', type: 'boolean' },
    { label: 'Search Type', name: 'searchType', type: 'options', options: [], optional: true },
    { label: 'Fetch K', name: 'fetchK', type: 'number', show: { searchType: 'mmr' } },
  ],
};

describe('isFormInput', () => {
  it('keeps typed inputs and leaves out connection anchors', () => {
    expect(isFormInput({ type: 'string' })).toBe(true);
    expect(isFormInput({ type: 'url' })).toBe(true);
    expect(isFormInput({ type: 'credential' })).toBe(true);
    expect(isFormInput({ type: 'Embeddings' })).toBe(false);
    expect(isFormInput({ type: 'TextSplitter' })).toBe(false);
  });
});

describe('formInputs', () => {
  it('lists the shown editable inputs for the values', () => {
    expect(formInputs(vectorStore, {}).map((input) => input.name)).toEqual([
      'pineconeIndex',
      'pineconeNamespace',
      'fileUpload',
      'searchType',
    ]);
    expect(formInputs(vectorStore, { searchType: 'mmr' }).map((input) => input.name)).toContain('fetchK');
  });
});

describe('isFilled', () => {
  it('counts blank text and empty lists as missing, anything else as given', () => {
    expect([undefined, null, '', '   ', []].map(isFilled)).toEqual([false, false, false, false, false]);
    expect([0, false, 'x', ['a'], {}].map(isFilled)).toEqual([true, true, true, true, true]);
  });
});

describe('missingInputs', () => {
  it('names the credential and the required shown inputs left empty, never booleans or anchors', () => {
    expect(missingInputs(vectorStore, {}, 'credential')).toEqual(['Connect Credential', 'Pinecone Index']);
  });

  it('checks an input only while it is shown', () => {
    expect(
      missingInputs(
        vectorStore,
        { credential: 'c1', pineconeIndex: 'docs', searchType: 'mmr' },
        'credential',
      ),
    ).toEqual(['Fetch K']);
    expect(missingInputs(vectorStore, { credential: 'c1', pineconeIndex: 'docs' }, 'credential')).toEqual([]);
  });

  it('reads the credential where the form keeps it', () => {
    expect(
      missingInputs(vectorStore, { FLOWISE_CREDENTIAL_ID: 'c1', pineconeIndex: 'x' }, 'credential'),
    ).toEqual(['Connect Credential']);
    expect(
      missingInputs(
        vectorStore,
        { FLOWISE_CREDENTIAL_ID: 'c1', pineconeIndex: 'x' },
        'FLOWISE_CREDENTIAL_ID',
      ),
    ).toEqual([]);
  });

  it('lets an optional credential be left empty', () => {
    const optional = { ...vectorStore, credential: { ...vectorStore.credential!, optional: true } };
    expect(missingInputs(optional, { pineconeIndex: 'x' }, 'credential')).toEqual([]);
  });
});
