import { describe, expect, it } from 'vitest';
import { chatflowNodes } from '../registry.js';

/** Flowise's names, labels, versions and inputs (DOCUMENT_STORES.md §5.1, Flowise's node sources). */
const FLOWISE: [name: string, label: string, version: number, inputs: string[]][] = [
  ['textFile', 'Text File', 3, ['txtFile', 'textSplitter', 'metadata', 'omitMetadataKeys']],
  [
    'pdfFile',
    'Pdf File',
    2,
    ['pdfFile', 'textSplitter', 'usage', 'legacyBuild', 'metadata', 'omitMetadataKeys'],
  ],
  ['docxFile', 'Docx File', 2, ['docxFile', 'textSplitter', 'metadata', 'omitMetadataKeys']],
  ['csvFile', 'Csv File', 3, ['csvFile', 'textSplitter', 'columnName', 'metadata', 'omitMetadataKeys']],
  [
    'jsonFile',
    'Json File',
    3.1,
    ['jsonFile', 'textSplitter', 'separateByObject', 'pointersName', 'metadata', 'omitMetadataKeys'],
  ],
  [
    'jsonlinesFile',
    'Json Lines File',
    3,
    ['jsonlinesFile', 'textSplitter', 'pointerName', 'metadata', 'omitMetadataKeys'],
  ],
  ['plainText', 'Plain Text', 2, ['text', 'textSplitter', 'metadata', 'omitMetadataKeys']],
  ['microsoftWord', 'Microsoft Word', 1, ['docxFile', 'textSplitter', 'metadata', 'omitMetadataKeys']],
  ['microsoftExcel', 'Microsoft Excel', 1, ['excelFile', 'textSplitter', 'metadata', 'omitMetadataKeys']],
  [
    'microsoftPowerpoint',
    'Microsoft PowerPoint',
    1,
    ['powerpointFile', 'textSplitter', 'metadata', 'omitMetadataKeys'],
  ],
  [
    'fileLoader',
    'File Loader',
    2,
    ['file', 'textSplitter', 'usage', 'legacyBuild', 'pointerName', 'metadata', 'omitMetadataKeys'],
  ],
  [
    'cheerioWebScraper',
    'Cheerio Web Scraper',
    2,
    ['url', 'textSplitter', 'relativeLinksMethod', 'limit', 'selector', 'metadata', 'omitMetadataKeys'],
  ],
  [
    'apiLoader',
    'API Loader',
    2.1,
    ['textSplitter', 'method', 'url', 'headers', 'caFile', 'body', 'metadata', 'omitMetadataKeys'],
  ],
  ['documentStore', 'Document Store', 1, ['selectedStore']],
];

describe('document loader nodes', () => {
  it.each(FLOWISE)(
    '%s is registered with Flowise’s label, version and inputs',
    (name, label, version, inputs) => {
      const node = chatflowNodes.find((n) => n.definition.name === name);
      expect(node, `${name} is not in the registry`).toBeDefined();
      const { definition } = node!;
      expect(definition).toMatchObject({ label, version, type: 'Document', category: 'Document Loaders' });
      expect(definition.baseClasses).toEqual(['Document']);
      expect(definition.inputs!.map((i) => i.name)).toEqual(inputs);
      expect(definition.outputs!.map((o) => o.name)).toEqual(['document', 'text']);
    },
  );
});
