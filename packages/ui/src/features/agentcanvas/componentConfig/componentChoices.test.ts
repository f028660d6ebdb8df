import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { componentChoices, componentConfigFor } from './componentChoices';

const tool = (name: string, label: string, inputs: NodeDefinition['inputs'] = []): NodeDefinition => ({
  label,
  name,
  version: 1,
  type: label,
  category: 'Tools',
  baseClasses: ['Tool'],
  description: '',
  icon: '',
  inputs,
});

const CUSTOM_TOOL = tool('customTool', 'Custom Tool', [
  { label: 'Select Tool', name: 'selectedTool', type: 'asyncOptions', loadMethod: 'listTools' },
  { label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true },
  { label: 'Limit', name: 'limit', type: 'number', default: 3 },
]);
const CATALOGUE = [CUSTOM_TOOL, tool('calculator', 'Calculator')];

describe('components of loadConfig inputs', () => {
  it('starts a form with the component’s defaults and its name under the input’s name (Flowise shape)', () => {
    expect(componentConfigFor('agentSelectedTool', CUSTOM_TOOL)).toEqual({
      selectedTool: '',
      returnDirect: '',
      limit: 3,
      agentSelectedTool: 'customTool',
    });
    expect(componentConfigFor('agentSelectedTool', undefined)).toEqual({});
  });

  it('offers the server’s list, else the catalogue category of the load method, and keeps the current choice', () => {
    expect(componentChoices([{ label: 'Calc', name: 'calculator' }], 'listTools', CATALOGUE, '')).toEqual([
      { label: 'Calc', name: 'calculator' },
    ]);
    expect(componentChoices(null, 'listTools', CATALOGUE, 'googleCustomSearch')).toEqual([
      { label: 'Calculator', name: 'calculator' },
      { label: 'Custom Tool', name: 'customTool' },
      { label: 'googleCustomSearch', name: 'googleCustomSearch' },
    ]);
    expect(componentChoices([], 'listModels', CATALOGUE, '')).toEqual([]);
  });

  it('leaves LlamaIndex nodes out of the catalogue, as Flowise’s component lists do', () => {
    const llamaTool = { ...tool('queryEngineToolLlamaIndex', 'QueryEngine Tool'), tags: ['LlamaIndex'] };
    expect(componentChoices(null, 'listTools', [...CATALOGUE, llamaTool], '')).toEqual([
      { label: 'Calculator', name: 'calculator' },
      { label: 'Custom Tool', name: 'customTool' },
    ]);
  });
});
