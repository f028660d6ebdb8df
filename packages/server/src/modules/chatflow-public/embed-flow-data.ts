type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** One row of the Start node's form, with only the fields a form field has (type, label, name, options). */
function formField(row: Json): Json {
  const type = text(row.type) ?? 'string';
  // The widget maps `addOptions` of every options field, so an options field always has the list.
  const options = Array.isArray(row.addOptions)
    ? row.addOptions.filter(isRecord).map((option) => ({ option: text(option.option) ?? '' }))
    : type === 'options'
      ? []
      : undefined;
  return {
    type,
    label: text(row.label) ?? '',
    name: text(row.name) ?? '',
    ...(options && { addOptions: options }),
  };
}

/** The Start node's inputs the chat widget reads: its input type and, for a form, the form. */
function startInputs(inputs: Json): Json {
  const startInputType = text(inputs.startInputType) ?? 'chatInput';
  if (startInputType !== 'formInput') return { startInputType };
  return {
    startInputType,
    ...(text(inputs.formTitle) !== undefined && { formTitle: text(inputs.formTitle) }),
    ...(text(inputs.formDescription) !== undefined && { formDescription: text(inputs.formDescription) }),
    formInputTypes: Array.isArray(inputs.formInputTypes)
      ? inputs.formInputTypes.filter(isRecord).map(formField)
      : [],
  };
}

/**
 * The `flowData` of `GET /public-chatbotConfig/:id` (issue 10): the Flowise chat widget (flowise-embed)
 * parses it only to find the `startAgentflow` node and read `startInputType`, `formTitle`,
 * `formDescription` and `formInputTypes`. So it is a flow of that one node, reduced to
 * `{id, data: {name, label, inputs}}` with those inputs, and no edges — never code, headers, prompts,
 * state or credentials. A flow without a Start node (chatflows, assistants) gets `undefined`: the
 * widget skips a missing `flowData`.
 */
export function embedFlowData(nodes: readonly unknown[]): string | undefined {
  const start = nodes.find(
    (node): node is Json => isRecord(node) && isRecord(node.data) && node.data.name === 'startAgentflow',
  );
  if (!start) return undefined;
  const data = start.data as Json;
  const label = text(data.label);
  const reduced = {
    id: text(start.id) ?? text(data.id) ?? 'startAgentflow_0',
    data: {
      name: 'startAgentflow',
      ...(label !== undefined && { label }),
      inputs: startInputs(isRecord(data.inputs) ? data.inputs : {}),
    },
  };
  return JSON.stringify({ nodes: [reduced], edges: [] });
}
