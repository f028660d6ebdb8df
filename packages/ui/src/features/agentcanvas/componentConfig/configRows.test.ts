import { describe, expect, it } from 'vitest';
import type { RichParam } from '../../canvas/document/types';
import { configFieldsOf, joinRowConfigs, rowComponent, splitRowConfigs } from './configRows';

const TOOLS: RichParam = {
  label: 'Tools',
  name: 'agentTools',
  type: 'array',
  array: [
    {
      label: 'Tool',
      name: 'agentSelectedTool',
      type: 'asyncOptions',
      loadMethod: 'listTools',
      loadConfig: true,
    },
    { label: 'Require Human Input', name: 'agentSelectedToolRequiresHumanInput', type: 'boolean' },
  ],
};

/** Two rows as Flowise saves them (Human In The Loop / Interacting With API templates). */
const STORED = [
  {
    agentSelectedTool: 'requestsGet',
    agentSelectedToolRequiresHumanInput: '',
    agentSelectedToolConfig: { requestsGetName: 'get_events', agentSelectedTool: 'requestsGet' },
  },
  { agentSelectedTool: 'currentDateTime', agentSelectedToolConfig: { agentSelectedTool: 'currentDateTime' } },
];

describe('array rows with component sub-forms', () => {
  it('finds the sub-fields that pick a component with its own form', () => {
    expect(configFieldsOf(TOOLS)).toEqual(['agentSelectedTool']);
    expect(configFieldsOf({ label: 'Tags', name: 'tags', type: 'array' })).toEqual([]);
  });

  it('hands the editor each row’s component together with its form, and stores them apart again', () => {
    const joined = joinRowConfigs(STORED, ['agentSelectedTool']);
    expect(joined[0]!.agentSelectedTool).toEqual(
      rowComponent('requestsGet', { requestsGetName: 'get_events', agentSelectedTool: 'requestsGet' }),
    );
    expect(joined[0]!.agentSelectedToolRequiresHumanInput).toBe('');
    expect(splitRowConfigs(joined, ['agentSelectedTool'])).toEqual(STORED);
  });

  it('reads rows stored as JSON text and rows without a form yet', () => {
    const joined = joinRowConfigs(JSON.stringify([{ agentSelectedTool: '' }]), ['agentSelectedTool']);
    expect(joined).toEqual([{ agentSelectedTool: rowComponent('', {}) }]);
    expect(splitRowConfigs(joined, ['agentSelectedTool'])).toEqual([{ agentSelectedTool: '' }]);
  });

  it('stores a changed choice with its new form and leaves rows added by the array editor as they are', () => {
    const rows = [
      { agentSelectedTool: rowComponent('calculator', { agentSelectedTool: 'calculator' }) },
      { agentSelectedTool: '', agentSelectedToolRequiresHumanInput: '' },
    ];
    expect(splitRowConfigs(rows, ['agentSelectedTool'])).toEqual([
      { agentSelectedTool: 'calculator', agentSelectedToolConfig: { agentSelectedTool: 'calculator' } },
      { agentSelectedTool: '', agentSelectedToolRequiresHumanInput: '' },
    ]);
  });
});
