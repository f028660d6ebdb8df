import { describe, expect, it } from 'vitest';
import { dataUri, loadWith } from '../test-fixtures.js';
import { jsonFile } from './jsonFile.js';

const articles = dataUri(
  'articles.json',
  JSON.stringify([
    { url: 'https://example.com/a', title: 'First', body: 'Body one', meta: { views: 3 } },
    { url: 'https://example.com/b', title: 'Second', body: 'Body two', meta: { views: 5 } },
  ]),
  'application/json',
);

describe('Json File loader', () => {
  it('makes a document of every string of the file without pointers', async () => {
    const docs = await loadWith(jsonFile, {
      jsonFile: dataUri('one.json', '{"a":"x","b":{"c":["y","z"]},"n":1}'),
    });
    expect(docs).toEqual([
      { pageContent: 'x', metadata: { source: 'one.json', line: 1 } },
      { pageContent: 'y', metadata: { source: 'one.json', line: 2 } },
      { pageContent: 'z', metadata: { source: 'one.json', line: 3 } },
    ]);
  });

  it('takes only the values of Pointers Extraction, with JSON-pointer metadata per item', async () => {
    const docs = await loadWith(jsonFile, {
      jsonFile: articles,
      pointersName: 'body',
      metadata: '{"link": "/url", "views": "/meta/views", "kind": "article"}',
    });
    expect(docs).toEqual([
      {
        pageContent: 'Body one',
        metadata: {
          source: 'articles.json',
          line: 1,
          link: 'https://example.com/a',
          views: 3,
          kind: 'article',
        },
      },
      {
        pageContent: 'Body two',
        metadata: {
          source: 'articles.json',
          line: 2,
          link: 'https://example.com/b',
          views: 5,
          kind: 'article',
        },
      },
    ]);
  });

  it('makes one document per object with Separate by JSON Object', async () => {
    const docs = await loadWith(jsonFile, { jsonFile: articles, separateByObject: true });
    expect(docs[0]!.pageContent).toBe(
      'url: https://example.com/a\ntitle: First\nbody: Body one\nmeta.views: 3',
    );
    expect(docs).toHaveLength(2);
  });

  it('names the file that is not valid JSON', async () => {
    await expect(loadWith(jsonFile, { jsonFile: dataUri('bad.json', '{"a": ') })).rejects.toThrow(
      'bad.json is not valid JSON',
    );
  });
});
