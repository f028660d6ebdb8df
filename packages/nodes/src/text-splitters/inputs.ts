import type { NodeParam } from '@flowloom/shared';
import { badgeIcon } from '../utilities/icons.js';

/** The category, icon and size inputs every text splitter node shares. */
export const SPLITTER_CATEGORY = 'Text Splitters';
export const splitterIcon = badgeIcon('¶', '#00897b');

export const chunkInputs = (unit: 'characters' | 'tokens'): NodeParam[] => [
  {
    label: 'Chunk Size',
    name: 'chunkSize',
    type: 'number',
    description: `Number of ${unit} in each chunk. Default is 1000.`,
    default: 1000,
    optional: true,
  },
  {
    label: 'Chunk Overlap',
    name: 'chunkOverlap',
    type: 'number',
    description: `Number of ${unit} repeated from the end of one chunk at the start of the next. Default is 200.`,
    default: 200,
    optional: true,
  },
];

/** The base classes a splitter node's output carries, after its own. */
export const splitterBaseClasses = (...own: string[]) => [
  ...own,
  'TextSplitter',
  'BaseDocumentTransformer',
  'Runnable',
];
