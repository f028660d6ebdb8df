import type { JSONSchema7 } from 'ai';
import { z } from 'zod';
import type { NodeParam } from '@flowloom/shared';
import { multiOptionsInput, stringInput } from '../llm/chat-model.js';
import { cutText } from './http-tools.js';
import type { ToolHandle } from './tool.js';

/**
 * Tools of a service's actions (Gmail's `send_message`, Teams' `list_channels`…): a node offers the
 * actions chosen in its form, each as its own tool with a declared argument list. The model reads a
 * JSON schema made from that list; every call is checked against it before the service is asked.
 */

/** Text: one line (ids, addresses, subjects) unless `multiline`. */
interface TextArg {
  type: 'text';
  maxLength: number;
  multiline?: boolean;
  /** The shape the value must have, and the sentence saying so. */
  pattern?: { regex: RegExp; message: string };
}
interface NumberArg {
  type: 'number';
  min: number;
  max: number;
}
/** A list of names: an array, or text with commas (as typed into a Tool node's arguments). */
interface ListArg {
  type: 'list';
  maxItems: number;
}
interface ChoiceArg {
  type: 'choice';
  values: readonly [string, ...string[]];
}

export type ArgSpec = (TextArg | NumberArg | ListArg | ChoiceArg) & {
  description: string;
  required?: boolean;
};

/** An action's arguments once checked; each accessor answers the checked value. */
export interface ActionArgs {
  /** A required text argument. */
  text(name: string): string;
  optionalText(name: string): string | undefined;
  number(name: string): number | undefined;
  list(name: string): string[];
}

export interface ActionSpec<Api> {
  /** The option name in the node's actions list (`sendMessage`). */
  action: string;
  /** The tool's function name, as the model sees it (`send_message`). */
  name: string;
  description: string;
  args: Readonly<Record<string, ArgSpec>>;
  /** Node inputs that fill an argument the caller leaves out: argument → input name. */
  presets?: Readonly<Record<string, string>>;
  run(args: ActionArgs, api: Api, signal: AbortSignal): Promise<string>;
}

const MAX_LIST_ITEM = 256;

/** What an action answers the model: compact JSON, cut to what it may read. */
export function jsonAnswer(value: unknown): string {
  return cutText(JSON.stringify(value) ?? '', false);
}

/** Ids of a service's items: safe as one path segment, never `.` or `..`. */
export const ID_PATTERN = {
  regex: /^[\w][\w\-.:@=+/!~]*$/,
  message: 'must be an id (letters, digits and - _ . : @ = + / ! ~)',
};

/** An id argument of the service (at most 512 characters). */
export function idArg(description: string, required = true): ArgSpec {
  return { type: 'text', maxLength: 512, pattern: ID_PATTERN, description, required };
}

function fieldSchema(spec: ArgSpec): z.ZodType {
  switch (spec.type) {
    case 'text': {
      let schema = z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(spec.maxLength, `must be at most ${spec.maxLength} characters`);
      if (!spec.multiline) schema = schema.regex(/^[^\r\n]*$/, 'must be one line');
      if (spec.pattern) schema = schema.regex(spec.pattern.regex, spec.pattern.message);
      return schema;
    }
    case 'number':
      return z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(spec.min, `must be at least ${spec.min}`)
        .max(spec.max, `must be at most ${spec.max}`);
    case 'list':
      return z
        .union([z.array(z.string()), z.string()])
        .transform((value) =>
          (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean),
        )
        .pipe(
          z
            .array(z.string().max(MAX_LIST_ITEM, `items must be at most ${MAX_LIST_ITEM} characters`))
            .max(spec.maxItems, `must have at most ${spec.maxItems} items`),
        );
    case 'choice':
      return z.enum(spec.values, { message: `must be one of ${spec.values.join(', ')}` });
  }
}

function propertySchema(spec: ArgSpec): JSONSchema7 {
  const { description } = spec;
  switch (spec.type) {
    case 'text':
      return { type: 'string', description, maxLength: spec.maxLength };
    case 'number':
      return { type: 'number', description, minimum: spec.min, maximum: spec.max };
    case 'list':
      return { type: 'array', description, items: { type: 'string' }, maxItems: spec.maxItems };
    case 'choice':
      return { type: 'string', description, enum: [...spec.values] };
  }
}

/** The values the node's form presets for an action (filled in where the caller gives none). */
function presetValues(spec: ActionSpec<unknown>, inputs: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [arg, input] of Object.entries(spec.presets ?? {})) {
    const value = inputs[input];
    if (value !== undefined && value !== null && value !== '') values[arg] = value;
  }
  return values;
}

/** Checks the merged arguments against the spec: a readable error names the tool and the argument. */
function checkedArgs(label: string, spec: ActionSpec<unknown>, given: Record<string, unknown>): ActionArgs {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, arg] of Object.entries(spec.args)) {
    const value = given[name];
    if (value === undefined || value === null || value === '') {
      if (arg.required) problems.push(`"${name}" is required`);
      continue;
    }
    const parsed = fieldSchema(arg).safeParse(value);
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`"${name}" ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  }
  if (problems.length > 0) throw new Error(`${label}: ${problems.join('; ')}`);
  return {
    text: (name) => values[name] as string,
    optionalText: (name) => values[name] as string | undefined,
    number: (name) => values[name] as number | undefined,
    list: (name) => (values[name] as string[] | undefined) ?? [],
  };
}

/**
 * The tools of the actions chosen in a `multiOptions` input (JSON text of names, as the canvas keeps
 * it). Arguments the node's form presets become optional for the model; what the caller sends wins.
 */
export function actionTools<Api>(options: {
  /** The node's name as people know it, for messages (`Gmail`). */
  service: string;
  specs: readonly ActionSpec<Api>[];
  chosen: unknown;
  inputs: Record<string, unknown>;
  api: Api;
}): ToolHandle[] {
  const names = multiOptionsInput(options.chosen);
  if (names.length === 0) throw new Error(`${options.service}: choose at least one action`);
  return names.map((action) => {
    const spec = options.specs.find((s) => s.action === action);
    if (!spec)
      throw new Error(
        `${options.service}: "${action}" is not an action of this type (choose from ${options.specs.map((s) => s.action).join(', ')})`,
      );
    const presets = presetValues(spec, options.inputs);
    const required = Object.entries(spec.args)
      .filter(([name, arg]) => arg.required && presets[name] === undefined)
      .map(([name]) => name);
    const label = `${options.service} ${spec.name}`;
    return {
      kind: 'tool',
      name: spec.name,
      description: spec.description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(spec.args).map(([name, arg]) => [name, propertySchema(arg)]),
        ),
        required,
      },
      async invoke(args, { signal }) {
        const given = Object.fromEntries(
          Object.entries(args).filter(([, value]) => value !== undefined && value !== null && value !== ''),
        );
        return spec.run(checkedArgs(label, spec, { ...presets, ...given }), options.api, signal);
      },
    } satisfies ToolHandle;
  });
}

/** The actions of one choice of a node's Type input (Gmail's Drafts: `draftActions`). */
export interface ActionGroup<Api> {
  label: string;
  /** The `multiOptions` input holding the chosen actions. */
  input: string;
  inputLabel: string;
  specs: readonly ActionSpec<Api>[];
}

/** Option label of an action (`listDrafts` → "List Drafts"). */
export function actionLabel(action: string): string {
  return action
    .replace(/^[a-z]/, (c) => c.toUpperCase())
    .replace(/([A-Z])/g, ' $1')
    .trim();
}

/** The Type input and, per type, its actions input (shown for that type). */
export function actionGroupInputs<Api>(
  typeInput: string,
  groups: Record<string, ActionGroup<Api>>,
): NodeParam[] {
  return [
    {
      label: 'Type',
      name: typeInput,
      type: 'options',
      options: Object.entries(groups).map(([name, group]) => ({ label: group.label, name })),
    },
    ...Object.entries(groups).map(([name, group]): NodeParam => ({
      label: group.inputLabel,
      name: group.input,
      type: 'multiOptions',
      options: group.specs.map((spec) => ({ label: actionLabel(spec.action), name: spec.action })),
      show: { [typeInput]: [name] },
    })),
  ];
}

/** The tools of the actions chosen for the node's Type (its `typeInput`). */
export function groupActionTools<Api>(options: {
  service: string;
  typeInput: string;
  groups: Record<string, ActionGroup<Api>>;
  inputs: Record<string, unknown>;
  api: () => Api;
}): ToolHandle[] {
  const type = stringInput(options.inputs[options.typeInput]);
  const group = type === undefined ? undefined : options.groups[type];
  if (!group)
    throw new Error(
      `${options.service}: choose a Type (${Object.values(options.groups)
        .map((g) => g.label)
        .join(', ')})`,
    );
  return actionTools({
    service: options.service,
    specs: group.specs,
    chosen: options.inputs[group.input],
    inputs: options.inputs,
    api: options.api(),
  });
}
