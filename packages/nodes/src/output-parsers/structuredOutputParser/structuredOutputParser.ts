import { z } from 'zod';
import type { NodeType } from '@flowloom/engine';
import { booleanInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { OutputParserHandle } from '../parser.js';
import { autofixInput, OUTPUT_PARSER_BASE_CLASSES, structuredParser } from '../structured.js';

interface StructureRow {
  property?: unknown;
  type?: unknown;
  description?: unknown;
}

// The canvas renders a `datagrid` input from these columns (Flowise shape; not part of NodeParam yet).
const jsonStructureInput = {
  label: 'JSON Structure',
  name: 'jsonStructure',
  type: 'datagrid',
  description: 'JSON structure for LLM to return',
  datagrid: [
    { field: 'property', headerName: 'Property', editable: true },
    {
      field: 'type',
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: ['string', 'number', 'boolean'],
      editable: true,
    },
    { field: 'description', headerName: 'Description', editable: true, flex: 1 },
  ],
  default: [
    { property: 'answer', type: 'string', description: "answer to the user's question" },
    {
      property: 'source',
      type: 'string',
      description: 'sources used to answer the question, should be websites',
    },
  ],
  additionalParams: true,
};

/** The JSON Structure rows (an array, or JSON text of one) as a zod object. */
export function structureSchema(value: unknown): z.ZodObject {
  const rows = (typeof value === 'string' && value.trim() ? JSON.parse(value) : value) as unknown;
  if (!Array.isArray(rows) || rows.length === 0)
    throw new Error('JSON Structure needs at least one property');
  const shape: Record<string, z.ZodType> = {};
  for (const row of rows as StructureRow[]) {
    const property = typeof row.property === 'string' ? row.property.trim() : '';
    if (!property) throw new Error('Every row of JSON Structure needs a property name');
    const base = row.type === 'number' ? z.number() : row.type === 'boolean' ? z.boolean() : z.string();
    shape[property] =
      typeof row.description === 'string' && row.description ? base.describe(row.description) : base;
  }
  return z.object(shape);
}

export const structuredOutputParser: NodeType = {
  icon: badgeIcon('{}', '#8d6e63'),
  definition: {
    label: 'Structured Output Parser',
    name: 'structuredOutputParser',
    version: 1,
    type: 'StructuredOutputParser',
    category: 'Output Parsers',
    baseClasses: ['StructuredOutputParser', ...OUTPUT_PARSER_BASE_CLASSES],
    description: 'Parse the output of an LLM call into a given (JSON) structure.',
    inputs: [autofixInput, jsonStructureInput],
  },
  init: (ctx): OutputParserHandle =>
    structuredParser(
      structureSchema(ctx.inputs.jsonStructure),
      booleanInput(ctx.inputs.autofixParser, false),
    ),
};
