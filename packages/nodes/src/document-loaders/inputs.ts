import type { NodeParam } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';
import type { PdfUsage } from './readers/pdf.js';

/** Inputs several loaders share; `loaderNode` (loader.ts) adds the common ones to every loader. */

/** The Text Splitter anchor every file loader has. */
export const textSplitterInput: NodeParam = {
  label: 'Text Splitter',
  name: 'textSplitter',
  type: 'TextSplitter',
  optional: true,
};

/** Additional Metadata and Omit Metadata Keys, the last inputs of every loader. */
export const metadataInputs: NodeParam[] = [
  {
    label: 'Additional Metadata',
    name: 'metadata',
    type: 'json',
    description: 'Added to the metadata of every document this loader produces',
    optional: true,
    additionalParams: true,
  },
  {
    label: 'Omit Metadata Keys',
    name: 'omitMetadataKeys',
    type: 'string',
    rows: 4,
    description:
      'Comma-separated metadata keys the loader adds that you do not want (nested keys with dots); * leaves only Additional Metadata',
    placeholder: 'key1, key2, key3.nestedKey1',
    optional: true,
    additionalParams: true,
  },
];

/** Pdf File's "Usage" and File Loader's "Pdf Usage". */
export function pdfUsageInput(label: string, extra: Partial<NodeParam> = {}): NodeParam {
  return {
    label,
    name: 'usage',
    type: 'options',
    options: [
      { label: 'One document per page', name: 'perPage' },
      { label: 'One document per file', name: 'perFile' },
    ],
    default: 'perPage',
    ...extra,
  };
}

/** Accepted for Flowise flows; every PDF is read with pdf.js's legacy (Node) build anyway. */
export const legacyBuildInput: NodeParam = {
  label: 'Use Legacy Build',
  name: 'legacyBuild',
  type: 'boolean',
  description: 'Kept for flows made with Flowise; PDFs are always read with the build that suits the server',
  optional: true,
  additionalParams: true,
};

/** Usage as stored: `perFile`, otherwise per page (the default). */
export function pdfUsage(value: unknown): PdfUsage {
  return stringInput(value) === 'perFile' ? 'perFile' : 'perPage';
}

const POINTER_HINT = `A value starting with "/" is a JSON pointer, read from each item of the file.

For the lines
\`\`\`json
{"url": "https://example.com/a", "body": "First text"}
{"url": "https://example.com/b", "body": "Second text"}
\`\`\`
the Additional Metadata
\`\`\`json
{"link": "/url", "collection": "examples"}
\`\`\`
gives each document its own "link" and the same "collection".`;

/**
 * Additional Metadata and Omit Metadata Keys of the JSON loaders, whose Additional Metadata may hold
 * JSON pointers (`{"page": "/source"}`) resolved per item.
 */
export const pointerMetadataInputs: NodeParam[] = [
  {
    ...metadataInputs[0]!,
    description:
      'Added to the metadata of every document; a value starting with "/" is a JSON pointer whose value is read from each item',
    hint: { label: 'How to use', value: POINTER_HINT },
  },
  metadataInputs[1]!,
];
