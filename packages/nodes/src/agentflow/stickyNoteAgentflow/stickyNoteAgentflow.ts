import type { AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition } from '../common/params.js';

/** A note on the canvas. The executor drops sticky notes before it builds the graph. */
export const stickyNoteAgentflow: AgentflowNodeType = {
  icon: badgeIcon('N', '#fee440', '#3e2723'),
  definition: agentflowDefinition({
    label: 'Sticky Note',
    name: 'stickyNoteAgentflow',
    version: 1.0,
    type: 'StickyNote',
    color: '#fee440',
    description: 'Add notes to the agent flow',
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
  }),
  run: () => Promise.reject(new Error('A sticky note is never run')),
};
