import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import { pictogramIcon } from '../../utilities/icons.js';
import { buildTools } from '../common/components.js';
import { agentflowDefinition, updateStateParam } from '../common/params.js';
import { rowsInput, textInput } from '../common/values.js';
import { listRuntimeStateKeys, listToolInputArgs, listTools } from '../common/load-methods.js';

type ArgRow = { inputArgName?: unknown; inputArgValue?: unknown };

/** An argument value: text that looks like a JSON array or object is passed as that value. */
function argumentValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (
    (trimmed.startsWith('[') && trimmed.endsWith(']')) ||
    (trimmed.startsWith('{') && trimmed.endsWith('}'))
  ) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** Calls one tool with fixed arguments, no model involved (AGENTFLOW_V2.md §1.10). */
export const toolAgentflow: AgentflowNodeType = {
  icon: pictogramIcon('wrench', '#d4a373'),
  definition: agentflowDefinition({
    label: 'Tool',
    name: 'toolAgentflow',
    version: 1.2,
    type: 'Tool',
    color: '#d4a373',
    description: 'Tools allow LLM to interact with external systems',
    inputs: [
      {
        label: 'Tool',
        name: 'toolAgentflowSelectedTool',
        type: 'asyncOptions',
        loadMethod: 'listTools',
        loadConfig: true,
      },
      {
        label: 'Tool Input Arguments',
        name: 'toolInputArgs',
        type: 'array',
        acceptVariable: true,
        refresh: true,
        show: { toolAgentflowSelectedTool: '.+' },
        array: [
          {
            label: 'Input Argument Name',
            name: 'inputArgName',
            type: 'asyncOptions',
            loadMethod: 'listToolInputArgs',
            refresh: true,
          },
          { label: 'Input Argument Value', name: 'inputArgValue', type: 'string', acceptVariable: true },
        ],
      },
      updateStateParam('toolUpdateState'),
    ],
  }),
  loadMethods: { listTools, listToolInputArgs, listRuntimeStateKeys },
  async run(ctx) {
    const selectedTool = textInput(ctx.inputs.toolAgentflowSelectedTool);
    const tools = await buildTools(ctx, selectedTool, ctx.inputs.toolAgentflowSelectedToolConfig);
    const rows = rowsInput<ArgRow>(ctx.inputs.toolInputArgs);
    const args: Record<string, unknown> = {};
    for (const row of rows) {
      const name = textInput(row.inputArgName).trim();
      if (name) args[name] = argumentValue(row.inputArgValue);
    }
    const outputs: string[] = [];
    for (const tool of tools) outputs.push(await tool.invoke(args, { signal: ctx.run.signal }));
    const content = outputs.join('\n');
    if (ctx.isLastNode && content) ctx.run.emit('token', content);
    return {
      id: ctx.node.id,
      name: 'toolAgentflow',
      input: { toolInputArgs: rows, selectedTool },
      output: { content },
      state: applyStateUpdates(ctx.state, ctx.inputs.toolUpdateState, content),
    };
  },
};
