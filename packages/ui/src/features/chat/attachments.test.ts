import type { UploadsConfig } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { acceptOf, attachKind, attachRule, ragFilesOf, uploadsOf, type Attachment } from './attachments';

const MB = 1024 * 1024;
const config = (overrides: Partial<UploadsConfig>): UploadsConfig => ({
  isSpeechToTextEnabled: false,
  isImageUploadAllowed: false,
  isRAGFileUploadAllowed: false,
  imgUploadSizeAndTypes: [],
  fileUploadSizeAndTypes: [],
  ...overrides,
});
const IMAGES = { fileTypes: ['image/png', 'image/jpeg'], maxUploadSize: 5 };
const TEXT = { fileTypes: ['.txt', '.md'], maxUploadSize: 50 };

describe('attachRule', () => {
  it('takes nothing when the flow allows no uploads', () => {
    expect(attachRule(undefined)).toBeUndefined();
    expect(attachRule(config({}))).toBeUndefined();
  });

  it('takes images, files to search, or both, with their sizes in bytes', () => {
    expect(attachRule(config({ isImageUploadAllowed: true, imgUploadSizeAndTypes: [IMAGES] }))).toEqual({
      images: { types: IMAGES.fileTypes, maxBytes: 5 * MB },
    });
    expect(
      attachRule(
        config({
          isImageUploadAllowed: true,
          imgUploadSizeAndTypes: [IMAGES],
          isRAGFileUploadAllowed: true,
          fileUploadSizeAndTypes: [TEXT],
        }),
      ),
    ).toEqual({
      images: { types: IMAGES.fileTypes, maxBytes: 5 * MB },
      files: { types: TEXT.fileTypes, maxBytes: 50 * MB },
    });
  });
});

describe('attachKind', () => {
  const both = {
    images: { types: IMAGES.fileTypes, maxBytes: 5 * MB },
    files: { types: TEXT.fileTypes, maxBytes: MB },
  };

  it('sends images with the question and files of the loader types to the vector store', () => {
    expect(attachKind({ name: 'dot.png', type: 'image/png', size: 10 }, both)).toEqual({ kind: 'image' });
    expect(attachKind({ name: 'Notes.TXT', type: 'text/plain', size: 10 }, both)).toEqual({ kind: 'rag' });
    // The extension decides, whatever the browser thinks the type is.
    expect(attachKind({ name: 'readme.md', type: '', size: 10 }, both)).toEqual({ kind: 'rag' });
  });

  it('says why a file cannot go: its type, or its size against its own limit', () => {
    expect(attachKind({ name: 'tool.exe', type: 'application/x-msdownload', size: 1 }, both)).toEqual({
      refusal: 'tool.exe cannot be attached: this flow takes PNG, JPEG images and .txt, .md files',
    });
    expect(attachKind({ name: 'big.txt', type: 'text/plain', size: 2 * MB }, both)).toEqual({
      refusal: 'big.txt is larger than 1 MB, the most this flow takes',
    });
    expect(attachKind({ name: 'big.png', type: 'image/png', size: 2 * MB }, both)).toEqual({ kind: 'image' });
  });

  it('takes any file when the loader reads any, and sums up a long list of types', () => {
    const any = { files: { types: ['*'], maxBytes: MB } };
    expect(attachKind({ name: 'deck.pptx', type: '', size: 1 }, any)).toEqual({ kind: 'rag' });
    const many = { files: { types: ['.a', '.b', '.c', '.d', '.e', '.f', '.g', '.h'], maxBytes: MB } };
    expect(attachKind({ name: 'x.zip', type: '', size: 1 }, many)).toEqual({
      refusal: 'x.zip cannot be attached: this flow takes .a, .b, .c, .d, .e, .f and 2 more files',
    });
  });
});

describe('acceptOf', () => {
  it('lists the image types and extensions, and nothing when any file goes', () => {
    expect(
      acceptOf({ images: { types: ['image/png'], maxBytes: 1 }, files: { types: ['.txt'], maxBytes: 1 } }),
    ).toBe('image/png,.txt');
    expect(acceptOf({ files: { types: ['*'], maxBytes: 1 } })).toBeUndefined();
  });
});

describe('uploadsOf and ragFilesOf', () => {
  const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
  const items: Attachment[] = [
    { key: '1', name: 'dot.png', mime: 'image/png', kind: 'image', data: 'data:image/png;base64,AA==' },
    { key: '2', name: 'notes.txt', mime: 'text/plain', kind: 'rag', data: '', file },
  ];

  it('names files to search in the question without their content', () => {
    expect(uploadsOf(items)).toEqual([
      { type: 'file', name: 'dot.png', mime: 'image/png', data: 'data:image/png;base64,AA==' },
      { type: 'file:rag', name: 'notes.txt', mime: 'text/plain', data: '' },
    ]);
    expect(ragFilesOf(items)).toEqual([file]);
  });
});
