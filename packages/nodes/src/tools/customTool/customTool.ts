import { z } from 'zod';
import type { JSONSchema7 } from 'ai';
import type { CustomToolRecord, NodeContext, NodeType } from '@flowloom/engine';
import { toolSchemaRow } from '@flowloom/shared';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { parseZodDsl } from '../../output-parsers/zod-dsl.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { ToolHandle } from '../tool.js';

const JSON_TYPES = {
  string: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', description: 'A date (ISO 8601)' },
  object: { type: 'object' },
  array: { type: 'array', items: {} },
} as const;

/** The argument rows saved with a custom tool (JSON text) as the JSON schema of its arguments. */
export function argumentsSchema(schemaText: string | null): JSONSchema7 {
  const properties: Record<string, JSONSchema7> = {};
  const required: string[] = [];
  if (schemaText?.trim()) {
    const rows = z.array(toolSchemaRow).safeParse(JSON.parse(schemaText));
    if (!rows.success)
      throw new Error(`The tool's argument list is invalid: ${rows.error.issues[0]?.message}`);
    for (const row of rows.data) {
      const base = JSON_TYPES[row.type];
      const description = ['description' in base ? base.description : '', row.description]
        .filter(Boolean)
        .join('. ');
      properties[row.property] = { ...base, ...(description && { description }) };
      if (row.required) required.push(row.property);
    }
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

/** Whatever the code returned, as the text a model reads. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

async function loadTool(ctx: NodeContext): Promise<CustomToolRecord> {
  const id = stringInput(ctx.inputs.selectedTool);
  if (!id) throw new Error('Select a tool');
  const record = await ctx.run.services.tools.get(id);
  if (!record) throw new Error(`Tool ${id} was not found in this workspace`);
  return record;
}

/**
 * A custom tool from the workspace's Tools page: its JavaScript runs in the code sandbox with each
 * argument as `$<name>`, plus `$vars` and `$flow`; what it returns is the tool's answer.
 */
export const customTool: NodeType = {
  icon: badgeIcon('ƒ', '#3949ab'),
  readsVariables: true,
  definition: {
    label: 'Custom Tool',
    name: 'customTool',
    version: 3,
    type: 'CustomTool',
    category: 'Tools',
    baseClasses: ['CustomTool', 'Tool', 'DynamicStructuredTool', 'StructuredTool', 'Runnable'],
    description: 'Use a custom tool you created on the Tools page in this flow',
    inputs: [
      { label: 'Select Tool', name: 'selectedTool', type: 'asyncOptions', loadMethod: 'listTools' },
      {
        label: 'Return Direct',
        name: 'returnDirect',
        description: 'Return the output of the tool directly to the user',
        type: 'boolean',
        optional: true,
      },
    ],
  },
  loadMethods: {
    async listTools(ctx) {
      const tools = await ctx.services.listTools();
      return tools.map((t) => ({ label: t.name, name: t.id, description: t.description }));
    },
  },
  async init(ctx): Promise<ToolHandle> {
    const record = await loadTool(ctx);
    // Agentflow nodes may override the stored tool with hidden inputs (Flowise customTool v3).
    const code = stringInput(ctx.inputs.customToolFunc) ?? record.func ?? '';
    const schemaText = stringInput(ctx.inputs.customToolSchema);
    const inputSchema = schemaText ? parseZodDsl(schemaText) : argumentsSchema(record.schema);
    const declared = schemaText ? [] : Object.keys((inputSchema as JSONSchema7).properties ?? {});
    const { run } = ctx;
    const flow = {
      chatflowId: run.flowId,
      chatflowid: run.flowId,
      chatId: run.chatId,
      sessionId: run.sessionId,
      input: run.question,
    };
    return {
      kind: 'tool',
      name: stringInput(ctx.inputs.customToolName) ?? record.name,
      description: stringInput(ctx.inputs.customToolDesc) ?? record.description,
      inputSchema,
      returnDirect: booleanInput(ctx.inputs.returnDirect, false),
      async invoke(args, { signal }) {
        if (!code.trim()) throw new Error(`Tool ${record.name} has no code`);
        const globals: Record<string, unknown> = { $vars: run.vars, $flow: flow };
        // Declared arguments the model left out are null rather than undefined names in the code.
        for (const name of declared) globals[`$${name}`] = null;
        for (const [name, value] of Object.entries(args)) globals[`$${name}`] = value;
        return asText(await run.services.sandbox.run(code, globals, { signal }));
      },
    };
  },
};
