import { describe, expect, it } from 'vitest';
import { fileEntry, fileInputValue, fileNames, filesToValue } from './fileValue';

describe('file input values', () => {
  it('stores one file as a data URL with its name, several as a JSON array', () => {
    const a = fileEntry('data:text/plain;base64,aGk=', 'a.txt');
    expect(a).toBe('data:text/plain;base64,aGk=,filename:a.txt');
    expect(fileInputValue([a])).toBe(a);
    expect(fileInputValue([a, a])).toBe(JSON.stringify([a, a]));
    expect(fileInputValue([])).toBe('');
  });

  it('reads the names of uploaded and server-stored files', () => {
    const a = fileEntry('data:text/plain;base64,aGk=', 'a.txt');
    const b = fileEntry('data:application/pdf;base64,JVBE', 'b.pdf');
    expect(fileNames(a)).toEqual(['a.txt']);
    expect(fileNames(JSON.stringify([a, b]))).toEqual(['a.txt', 'b.pdf']);
    expect(fileNames('FILE-STORAGE::["x.csv","y.csv"]')).toEqual(['x.csv', 'y.csv']);
    expect(fileNames('')).toEqual([]);
  });

  it('turns picked files into the stored value', async () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const value = await filesToValue([file]);
    expect(value).toMatch(/^data:text\/plain;base64,aGVsbG8=,filename:hello\.txt$/);
  });
});
