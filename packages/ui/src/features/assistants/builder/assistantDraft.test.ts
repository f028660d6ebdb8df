import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTRUCTION,
  detailsFromDraft,
  draftFromDetails,
  missingFields,
  pickStores,
  sameDetails,
  selectedChatModel,
  type AssistantDraft,
} from './assistantDraft';

const node = (name: string, label: string, inputs: NodeDefinition['inputs'], extra = {}): NodeDefinition => ({
  name,
  label,
  version: 1,
  type: label,
  category: 'x',
  baseClasses: [label],
  description: '',
  icon: '',
  inputs,
  ...extra,
});
const CHAT_OPENAI = node(
  'chatOpenAI',
  'ChatOpenAI',
  [
    { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
    { label: 'Model Name', name: 'modelName', type: 'asyncOptions', default: 'gpt-4o-mini' },
    { label: 'Temperature', name: 'temperature', type: 'number', default: 0.9, optional: true },
  ],
  {
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
    },
  },
);
const CALCULATOR = node('calculator', 'Calculator', []);
const CUSTOM_TOOL = node('customTool', 'Custom Tool', [
  { label: 'Select Tool', name: 'selectedTool', type: 'asyncOptions' },
]);
const components = { chatModels: [CHAT_OPENAI], tools: [CALCULATOR, CUSTOM_TOOL] };

const draft = (overrides: Partial<AssistantDraft> = {}): AssistantDraft => ({
  name: 'Helper',
  chatModel: { name: 'chatOpenAI', values: { modelName: 'gpt-4o', credential: 'cred-1' } },
  instruction: 'Be kind.',
  tools: [],
  documentStores: [],
  ...overrides,
});

describe('draftFromDetails', () => {
  it('starts a new assistant with the usual instruction and nothing chosen', () => {
    expect(draftFromDetails(JSON.stringify({ name: 'New', instruction: '' }), components)).toEqual({
      name: 'New',
      chatModel: null,
      instruction: DEFAULT_INSTRUCTION,
      tools: [],
      documentStores: [],
    });
  });

  it('reads saved nodes (Flowise shape) as forms: their form inputs over the defaults, and their credential', () => {
    const saved = {
      name: 'Saved',
      instruction: 'Answer briefly.',
      flowId: 'flow-1',
      chatModel: {
        id: 'chatOpenAI_0',
        name: 'chatOpenAI',
        label: 'ChatOpenAI',
        inputParams: [{ name: 'modelName' }],
        inputs: { modelName: 'gpt-4o', cache: '', streaming: true },
        credential: 'cred-1',
      },
      tools: [
        { id: 'calculator_0', name: 'calculator', inputs: {} },
        { name: 'customTool', inputs: { selectedTool: 'tool-9', FLOWISE_CREDENTIAL_ID: 'cred-2' } },
        { name: 'retiredTool', inputs: {} },
      ],
      documentStores: [
        { id: 's-1', name: 'Rockets', description: 'Space facts', returnSourceDocuments: true },
      ],
    };
    expect(draftFromDetails(JSON.stringify(saved), components)).toEqual({
      name: 'Saved',
      instruction: 'Answer briefly.',
      chatModel: {
        name: 'chatOpenAI',
        values: { modelName: 'gpt-4o', temperature: 0.9, credential: 'cred-1' },
      },
      tools: [
        { name: 'calculator', values: {} },
        { name: 'customTool', values: { selectedTool: 'tool-9', credential: 'cred-2' } },
        { name: 'retiredTool', values: {} },
      ],
      documentStores: [
        { id: 's-1', name: 'Rockets', description: 'Space facts', returnSourceDocuments: true },
      ],
    });
  });

  it('reads damaged details as an empty assistant', () => {
    expect(draftFromDetails('{not json', components).name).toBe('');
  });
});

describe('detailsFromDraft', () => {
  it('sends the credential beside the inputs, and leaves empty tool rows out', () => {
    const details = detailsFromDraft(
      draft({
        tools: [{ name: 'calculator', values: {} }, null],
        documentStores: [{ id: 's-1', name: 'Rockets', description: 'Space', returnSourceDocuments: false }],
      }),
    );
    expect(details).toEqual({
      name: 'Helper',
      chatModel: { name: 'chatOpenAI', inputs: { modelName: 'gpt-4o' }, credential: 'cred-1' },
      instruction: 'Be kind.',
      documentStores: [{ id: 's-1', name: 'Rockets', description: 'Space', returnSourceDocuments: false }],
      tools: [{ name: 'calculator', inputs: {} }],
    });
    expect(selectedChatModel(draft())).toEqual(details.chatModel);
    expect(selectedChatModel(draft({ chatModel: null }))).toBeUndefined();
  });

  it('tells unsaved changes apart from a draft that saves the same', () => {
    expect(sameDetails(draft(), draft())).toBe(true);
    expect(sameDetails(draft(), draft({ instruction: 'Be brief.' }))).toBe(false);
    // An empty tool row saves nothing.
    expect(sameDetails(draft(), draft({ tools: [null] }))).toBe(true);
  });
});

describe('missingFields', () => {
  it('is empty for a complete assistant', () => {
    expect(missingFields(draft({ tools: [{ name: 'calculator', values: {} }] }), components)).toEqual([]);
  });

  it('names the chat model, its credential, empty tool rows, tool settings and undescribed knowledge', () => {
    expect(missingFields(draft({ name: ' ', chatModel: null }), components)).toEqual([
      'Give the assistant a name',
      'Choose a chat model',
    ]);
    expect(
      missingFields(
        draft({
          chatModel: { name: 'chatOpenAI', values: { modelName: 'gpt-4o' } },
          tools: [null, { name: 'customTool', values: {} }, { name: 'retiredTool', values: {} }],
          documentStores: [{ id: 's-1', name: 'Rockets', description: ' ', returnSourceDocuments: false }],
        }),
        components,
      ),
    ).toEqual([
      'ChatOpenAI: fill in Connect Credential',
      'Tool 1: choose a tool or remove the row',
      'Custom Tool: fill in Select Tool',
      'Tool "retiredTool" is not available: choose another',
      'Describe the knowledge in Rockets',
    ]);
  });
});

describe('pickStores', () => {
  const options = [
    { name: 's-1', label: 'Rockets', description: 'Space facts' },
    { name: 's-2', label: 'Recipes', description: null },
  ];
  it('keeps what was written about stores still chosen; new ones start with their own description', () => {
    const current = [{ id: 's-1', name: 'Rockets', description: 'Mine', returnSourceDocuments: true }];
    expect(pickStores(current, ['s-1', 's-2'], options)).toEqual([
      current[0],
      { id: 's-2', name: 'Recipes', description: '', returnSourceDocuments: false },
    ]);
    expect(pickStores(current, ['s-2'], options).map((store) => store.id)).toEqual(['s-2']);
    expect(pickStores([], ['s-1'], options)[0]!.description).toBe('Space facts');
  });
});
