import type { NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { isQueryEngine, type QueryEngineHandle } from '../../engine/query-engine.js';
import { LLAMAINDEX_BADGE, LLAMAINDEX_TAGS } from '../../llamaindex/variant.js';
import { badgeIcon } from '../../utilities/icons.js';

/** A query engine with the name and description a Sub Question Query Engine routes questions by. */
export interface QueryEngineToolHandle {
  kind: 'queryEngineTool';
  name: string;
  description: string;
  engine: QueryEngineHandle;
}

export function isQueryEngineTool(value: unknown): value is QueryEngineToolHandle {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'queryEngineTool'
  );
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest Tool Description: the model reads every tool's in one prompt. */
export const MAX_TOOL_DESCRIPTION = 2_000;

/** A query engine offered to the Sub Question Query Engine under a name, with what it knows about. */
export const queryEngineToolLlamaIndex: NodeType = {
  icon: badgeIcon('QT', '#6d28d9'),
  definition: {
    label: 'QueryEngine Tool',
    name: 'queryEngineToolLlamaIndex',
    version: 2,
    type: 'QueryEngineTool',
    category: 'Tools',
    tags: LLAMAINDEX_TAGS,
    badge: LLAMAINDEX_BADGE,
    baseClasses: ['QueryEngineTool', 'Tool_LlamaIndex'],
    description: 'Offers a query engine, under a name and a description, to the Sub Question Query Engine',
    inputs: [
      { label: 'Base QueryEngine', name: 'baseQueryEngine', type: 'BaseQueryEngine' },
      {
        label: 'Tool Name',
        name: 'toolName',
        type: 'string',
        description: 'Lower-case letters, digits and underscores, e.g. annual_report',
      },
      {
        label: 'Tool Description',
        name: 'toolDesc',
        type: 'string',
        rows: 4,
        description: 'What the data behind this engine is about: the model picks tools by it',
      },
    ],
  },
  init(ctx): QueryEngineToolHandle {
    const engine = ctx.inputs.baseQueryEngine;
    if (!isQueryEngine(engine)) throw new Error('Base QueryEngine must be a connected query engine');
    const name = stringInput(ctx.inputs.toolName);
    if (!name || !TOOL_NAME.test(name))
      throw new Error('Tool Name must be 1 to 64 letters, digits, _ or -, e.g. annual_report');
    const description = stringInput(ctx.inputs.toolDesc);
    if (!description) throw new Error('Tool Description is required: the model picks tools by it');
    if (description.length > MAX_TOOL_DESCRIPTION)
      throw new Error(
        `Tool Description is longer than ${MAX_TOOL_DESCRIPTION.toLocaleString('en')} characters`,
      );
    return { kind: 'queryEngineTool', name, description, engine };
  },
};
