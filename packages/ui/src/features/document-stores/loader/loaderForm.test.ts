import type { DocumentStoreLoader, NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import {
  defaultValues,
  initialLoaderForm,
  loaderBodyOf,
  missingLoaderFields,
  takesSplitter,
} from './loaderForm';

const def = (
  name: string,
  label: string,
  inputs: NodeDefinition['inputs'],
  extra: Partial<NodeDefinition> = {},
) =>
  ({
    label,
    name,
    version: 1,
    type: label,
    category: 'Document Loaders',
    baseClasses: ['Document'],
    description: '',
    icon: '',
    inputs,
    ...extra,
  }) as NodeDefinition;

const PDF = def('pdfFile', 'Pdf File', [
  { label: 'Pdf File', name: 'pdfFile', type: 'file', fileType: '.pdf' },
  { label: 'Text Splitter', name: 'textSplitter', type: 'TextSplitter', optional: true },
  {
    label: 'Usage',
    name: 'usage',
    type: 'options',
    options: [
      { label: 'One document per page', name: 'perPage' },
      { label: 'One document per file', name: 'perFile' },
    ],
    default: 'perPage',
  },
  { label: 'Additional Metadata', name: 'metadata', type: 'json', optional: true, additionalParams: true },
]);
const GITHUB = def('github', 'Github', [{ label: 'Repo Link', name: 'repoLink', type: 'string' }], {
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['githubApi'],
  },
});
const SPLITTER = def(
  'recursiveCharacterTextSplitter',
  'Recursive Character Text Splitter',
  [
    { label: 'Chunk Size', name: 'chunkSize', type: 'number', default: 1000, optional: true },
    { label: 'Chunk Overlap', name: 'chunkOverlap', type: 'number', default: 200, optional: true },
  ],
  { category: 'Text Splitters' },
);
const CODE_SPLITTER = def('codeTextSplitter', 'Code Text Splitter', [
  { label: 'Language', name: 'language', type: 'options', options: [{ label: 'TS', name: 'ts' }] },
]);

const saved: DocumentStoreLoader = {
  id: 'loader-1',
  loaderId: 'pdfFile',
  loaderName: 'Handbook',
  loaderConfig: { pdfFile: 'FILE-STORAGE::["a.pdf"]' },
  splitterId: 'recursiveCharacterTextSplitter',
  splitterName: 'Recursive Character Text Splitter',
  splitterConfig: { chunkSize: 400 },
  totalChunks: 3,
  totalChars: 900,
  status: 'SYNC',
  credential: 'cred-1',
};

describe('takesSplitter', () => {
  it('is true for a loader with a text splitter anchor', () => {
    expect(takesSplitter(PDF)).toBe(true);
    expect(takesSplitter(GITHUB)).toBe(false);
  });
});

describe('defaultValues', () => {
  it('holds the defaults of form inputs only', () => {
    expect(defaultValues(PDF)).toEqual({ usage: 'perPage' });
    expect(defaultValues(SPLITTER)).toEqual({ chunkSize: 1000, chunkOverlap: 200 });
  });
});

describe('initialLoaderForm', () => {
  it('starts a new loader with its label, its defaults and no splitter', () => {
    expect(initialLoaderForm(PDF)).toEqual({
      loaderName: 'Pdf File',
      loaderValues: { usage: 'perPage' },
      splitterName: '',
      splitterValues: {},
    });
  });

  it('fills the form of a saved loader over the defaults, its credential in the credential field', () => {
    expect(initialLoaderForm(PDF, saved, SPLITTER)).toEqual({
      loaderName: 'Handbook',
      loaderValues: { usage: 'perPage', pdfFile: 'FILE-STORAGE::["a.pdf"]', FLOWISE_CREDENTIAL_ID: 'cred-1' },
      splitterName: 'recursiveCharacterTextSplitter',
      splitterValues: { chunkSize: 400, chunkOverlap: 200 },
    });
  });
});

describe('missingLoaderFields', () => {
  it("names the loader's then the splitter's empty required fields", () => {
    const form = { ...initialLoaderForm(GITHUB), splitterName: 'codeTextSplitter' };
    expect(missingLoaderFields(form, GITHUB, CODE_SPLITTER)).toEqual([
      'Connect Credential',
      'Repo Link',
      'Language',
    ]);
  });

  it('is empty once the file is picked (the usage has its default)', () => {
    const form = initialLoaderForm(PDF);
    expect(missingLoaderFields(form, PDF, undefined)).toEqual(['Pdf File']);
    form.loaderValues.pdfFile = 'data:application/pdf;base64,AAAA,filename:a.pdf';
    expect(missingLoaderFields(form, PDF, SPLITTER)).toEqual([]);
  });
});

describe('loaderBodyOf', () => {
  it('sends the loader, its splitter, the credential and the preview count', () => {
    const form = initialLoaderForm(PDF, saved, SPLITTER);
    expect(
      loaderBodyOf({
        storeId: 's1',
        loaderId: 'loader-1',
        loader: PDF,
        splitter: SPLITTER,
        form,
        previewChunkCount: 20,
      }),
    ).toEqual({
      storeId: 's1',
      id: 'loader-1',
      loaderId: 'pdfFile',
      loaderName: 'Handbook',
      loaderConfig: form.loaderValues,
      splitterId: 'recursiveCharacterTextSplitter',
      splitterName: 'Recursive Character Text Splitter',
      splitterConfig: { chunkSize: 400, chunkOverlap: 200 },
      credential: 'cred-1',
      previewChunkCount: 20,
    });
  });

  it('clears the splitter when none is chosen and names a blank loader after its component', () => {
    const form = { ...initialLoaderForm(PDF), loaderName: '  ' };
    const body = loaderBodyOf({ storeId: 's1', loader: PDF, form });
    expect(body).toMatchObject({
      loaderName: 'Pdf File',
      splitterId: null,
      splitterName: null,
      splitterConfig: null,
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('credential');
    expect(body).not.toHaveProperty('previewChunkCount');
  });
});
