import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../icons.js';

/** A note on the canvas; never connected, never run. */
export const stickyNote: NodeType = {
  icon: badgeIcon('N', '#fbc02d', '#3e2723'),
  definition: {
    label: 'Sticky Note',
    name: 'stickyNote',
    version: 2,
    type: 'StickyNote',
    category: 'Utilities',
    baseClasses: ['StickyNote'],
    description: 'Add a sticky note',
    tags: ['Utilities'],
    inputs: [
      {
        label: '',
        name: 'note',
        type: 'string',
        rows: 1,
        placeholder: 'Type something here',
        optional: true,
      },
    ],
  },
};
