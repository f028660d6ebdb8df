import type { AgentflowNodeType } from '@flowloom/engine';
import type { NodeOutputDefinition, NodeParam } from '@flowloom/shared';

/**
 * A v2 node input as Flowise describes it: the shared {@link NodeParam} plus the fields only the v2
 * canvas reads (sub-params of `array` inputs, free text in option lists, "output" in the variable
 * picker).
 */
export type AgentflowParam = NodeParam & {
  array?: AgentflowParam[];
  freeSolo?: boolean;
  refresh?: boolean;
  acceptNodeOutputAsVariable?: boolean;
  generateInstruction?: boolean;
  codeExample?: string;
};

export interface AgentflowDefinitionInput {
  label: string;
  name: string;
  version: number;
  type: string;
  color: string;
  description: string;
  inputs: AgentflowParam[];
  credential?: AgentflowParam;
  outputs?: NodeOutputDefinition[];
  hideInput?: boolean;
  hideOutput?: boolean;
}

/** The definition every v2 node shares: category 'Agent Flows', its type as the only base class. */
export function agentflowDefinition(input: AgentflowDefinitionInput): AgentflowNodeType['definition'] {
  return { ...input, category: 'Agent Flows', baseClasses: [input.type] };
}

/** "Update Flow State": `{key, value}` rows applied after the node ran (AGENTFLOW_V2.md §0.4). */
export function updateStateParam(name: string): AgentflowParam {
  return {
    label: 'Update Flow State',
    name,
    description: 'Update runtime state during the execution of the workflow',
    type: 'array',
    optional: true,
    acceptVariable: true,
    array: [
      { label: 'Key', name: 'key', type: 'asyncOptions', loadMethod: 'listRuntimeStateKeys', freeSolo: true },
      {
        label: 'Value',
        name: 'value',
        type: 'string',
        acceptVariable: true,
        acceptNodeOutputAsVariable: true,
      },
    ],
  };
}

/** A chat model picked from the Chat Models category; its own form is stored as `<name>Config`. */
export function modelParam(name: string, extra: Partial<AgentflowParam> = {}): AgentflowParam {
  return { label: 'Model', name, type: 'asyncOptions', loadMethod: 'listModels', loadConfig: true, ...extra };
}

export function messagesParam(name: string): AgentflowParam {
  return {
    label: 'Messages',
    name,
    type: 'array',
    optional: true,
    acceptVariable: true,
    array: [
      {
        label: 'Role',
        name: 'role',
        type: 'options',
        options: [
          { label: 'System', name: 'system' },
          { label: 'Assistant', name: 'assistant' },
          { label: 'Developer', name: 'developer' },
          { label: 'User', name: 'user' },
        ],
      },
      {
        label: 'Content',
        name: 'content',
        type: 'string',
        acceptVariable: true,
        generateInstruction: true,
        rows: 4,
      },
    ],
  };
}

/** Enable Memory, Memory Type, Window Size, Max Token Limit and Input Message (AGENTFLOW_V2.md §0.5). */
export function memoryParams(prefix: string): AgentflowParam[] {
  return [
    {
      label: 'Enable Memory',
      name: `${prefix}EnableMemory`,
      type: 'boolean',
      description: 'Enable memory for the conversation thread',
      default: true,
      optional: true,
    },
    {
      label: 'Memory Type',
      name: `${prefix}MemoryType`,
      type: 'options',
      options: [
        {
          label: 'All Messages',
          name: 'allMessages',
          description: 'Retrieve all messages from the conversation',
        },
        {
          label: 'Window Size',
          name: 'windowSize',
          description: 'Uses a fixed window size to surface the last N messages',
        },
        {
          label: 'Conversation Summary',
          name: 'conversationSummary',
          description: 'Summarizes the whole conversation',
        },
        {
          label: 'Conversation Summary Buffer',
          name: 'conversationSummaryBuffer',
          description: 'Summarize conversations once token limit is reached. Default to 2000',
        },
      ],
      optional: true,
      default: 'allMessages',
      show: { [`${prefix}EnableMemory`]: true },
    },
    {
      label: 'Window Size',
      name: `${prefix}MemoryWindowSize`,
      type: 'number',
      default: '20',
      description: 'Uses a fixed window size to surface the last N messages',
      show: { [`${prefix}MemoryType`]: 'windowSize' },
    },
    {
      label: 'Max Token Limit',
      name: `${prefix}MemoryMaxTokenLimit`,
      type: 'number',
      default: '2000',
      description: 'Summarize conversations once token limit is reached. Default to 2000',
      show: { [`${prefix}MemoryType`]: 'conversationSummaryBuffer' },
    },
    {
      label: 'Input Message',
      name: `${prefix}UserMessage`,
      type: 'string',
      description: 'Add an input message as user message at the end of the conversation',
      rows: 4,
      optional: true,
      acceptVariable: true,
      show: { [`${prefix}EnableMemory`]: true },
    },
  ];
}

export function returnResponseAsParam(name: string): AgentflowParam {
  return {
    label: 'Return Response As',
    name,
    type: 'options',
    options: [
      { label: 'User Message', name: 'userMessage' },
      { label: 'Assistant Message', name: 'assistantMessage' },
    ],
    default: 'userMessage',
  };
}

export function structuredOutputParam(name: string): AgentflowParam {
  return {
    label: 'JSON Structured Output',
    name,
    description: 'Instruct the LLM to give output in a JSON structured schema',
    type: 'array',
    optional: true,
    acceptVariable: true,
    array: [
      { label: 'Key', name: 'key', type: 'string' },
      {
        label: 'Type',
        name: 'type',
        type: 'options',
        options: [
          { label: 'String', name: 'string' },
          { label: 'String Array', name: 'stringArray' },
          { label: 'Number', name: 'number' },
          { label: 'Boolean', name: 'boolean' },
          { label: 'Enum', name: 'enum' },
          { label: 'JSON Array', name: 'jsonArray' },
        ],
      },
      {
        label: 'Enum Values',
        name: 'enumValues',
        type: 'string',
        placeholder: 'value1, value2, value3',
        description: 'Enum values. Separated by comma',
        optional: true,
        show: { [`${name}[$index].type`]: 'enum' },
      },
      {
        label: 'JSON Schema',
        name: 'jsonSchema',
        type: 'code',
        placeholder:
          '{\n    "answer": {\n        "type": "string",\n        "description": "Value of the answer"\n    }\n}',
        description: 'JSON schema for the structured output',
        optional: true,
        show: { [`${name}[$index].type`]: 'jsonArray' },
      },
      { label: 'Description', name: 'description', type: 'string', placeholder: 'Description of the key' },
    ],
  };
}
