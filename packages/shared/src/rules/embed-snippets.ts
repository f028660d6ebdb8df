/**
 * The API dialog's facts about a flow and its embed code (SHARING.md §3, §3.1): the `flowise-embed`
 * widget as a popup or a full page, in HTML or React, pointed at this server and the flow.
 */

/** The published widget script (a version can be pinned: `flowise-embed@<version>`). */
export const EMBED_SCRIPT_URL = 'https://cdn.jsdelivr.net/npm/flowise-embed/dist/web.js';

export type EmbedVariant = 'popupHtml' | 'fullpageHtml' | 'popupReact' | 'fullpageReact';

export const EMBED_VARIANTS: readonly { key: EmbedVariant; label: string }[] = [
  { key: 'popupHtml', label: 'Popup Html' },
  { key: 'fullpageHtml', label: 'Fullpage Html' },
  { key: 'popupReact', label: 'Popup React' },
  { key: 'fullpageReact', label: 'Fullpage React' },
];

export interface EmbedSnippetsInput {
  /** Origin of this server, e.g. `http://localhost:3000`; a trailing slash is ignored. */
  apiHost: string;
  flowId: string;
  /**
   * A theme for the widget ("Show Embed Chat Config"): written out with an empty `chatflowConfig`
   * (sent as the prediction's overrideConfig) and `observersConfig`.
   */
  theme?: Record<string, unknown>;
}

const indentLines = (text: string, by: string) =>
  text
    .split('\n')
    .map((line, index) => (index === 0 ? line : by + line))
    .join('\n');

/** The `{chatflowid, apiHost, …}` object of the widget, as JavaScript source indented by `indent`. */
function initObject({ apiHost, flowId, theme }: EmbedSnippetsInput, indent: string): string {
  const entries = [
    `chatflowid: ${JSON.stringify(flowId)}`,
    `apiHost: ${JSON.stringify(apiHost.replace(/\/+$/, ''))}`,
  ];
  if (theme) {
    entries.push('chatflowConfig: {}', 'observersConfig: {}');
    entries.push(`theme: ${indentLines(JSON.stringify(theme, null, 2), indent + '  ')}`);
  }
  return `{\n${entries.map((e) => `${indent}  ${e}`).join(',\n')}\n${indent}}`;
}

/** The four ways to embed the flow's chat. */
export function embedSnippets(input: EmbedSnippetsInput): Record<EmbedVariant, string> {
  const script = (call: 'init' | 'initFull') =>
    [
      '<script type="module">',
      `  import Chatbot from ${JSON.stringify(EMBED_SCRIPT_URL)};`,
      `  Chatbot.${call}(${initObject(input, '  ')});`,
      '</script>',
    ].join('\n');
  const react = (component: 'BubbleChat' | 'FullPageChat') => {
    const props = [
      `chatflowid=${JSON.stringify(input.flowId)}`,
      `apiHost=${JSON.stringify(input.apiHost.replace(/\/+$/, ''))}`,
    ];
    if (input.theme)
      props.push(
        'chatflowConfig={{}}',
        'observersConfig={{}}',
        `theme={${indentLines(JSON.stringify(input.theme, null, 2), '      ')}}`,
      );
    else if (component === 'FullPageChat')
      props.push('theme={{ chatWindow: { height: "100%", width: "100%" } }}');
    return [
      `import { ${component} } from "flowise-embed-react";`,
      '',
      'const App = () => {',
      '  return (',
      `    <${component}`,
      ...props.map((prop) => `      ${prop}`),
      '    />',
      '  );',
      '};',
    ].join('\n');
  };
  return {
    popupHtml: script('init'),
    fullpageHtml: ['<flowise-fullchatbot></flowise-fullchatbot>', script('initFull')].join('\n'),
    popupReact: react('BubbleChat'),
    fullpageReact: react('FullPageChat'),
  };
}

type FlowNode = { data?: { name?: unknown; inputs?: unknown; inputParams?: unknown } };

function nodesOf(flowData: string | null | undefined): FlowNode[] {
  if (!flowData) return [];
  try {
    const parsed = JSON.parse(flowData) as { nodes?: unknown };
    return Array.isArray(parsed.nodes) ? (parsed.nodes as FlowNode[]) : [];
  } catch {
    return [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the API dialog needs to know about a saved flow. */
export interface FlowApiTraits {
  /** Some node takes a file input: the examples default to multipart form data (Flowise's rule). */
  formData: boolean;
  /** Some node has a `sessionId` input: "start a new session on each load" is offered. */
  sessionMemory: boolean;
  /** An agentflow's Start input type (`chatInput`, `formInput`, `webhookTrigger`, `scheduleInput`). */
  startInputType?: string;
  /** For a Start form: example values of its fields, by variable name, for the API examples. */
  formExample?: Record<string, unknown>;
}

/** An example value of each field of a Start node's form (`formInputTypes` rows). */
function formExample(rows: unknown): Record<string, unknown> {
  let list = rows;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      return {};
    }
  }
  const example: Record<string, unknown> = {};
  for (const row of Array.isArray(list) ? list.filter(isRecord) : []) {
    if (typeof row.name !== 'string' || row.name === '') continue;
    const options = Array.isArray(row.addOptions) ? row.addOptions.filter(isRecord) : [];
    example[row.name] =
      row.type === 'number'
        ? 1
        : row.type === 'boolean'
          ? true
          : row.type === 'options' && typeof options[0]?.option === 'string'
            ? options[0].option
            : 'example';
  }
  return example;
}

export function flowApiTraits(flowData: string | null | undefined): FlowApiTraits {
  const traits: FlowApiTraits = { formData: false, sessionMemory: false };
  for (const node of nodesOf(flowData)) {
    const data = isRecord(node.data) ? node.data : {};
    const params = Array.isArray(data.inputParams) ? data.inputParams.filter(isRecord) : [];
    const inputs = isRecord(data.inputs) ? data.inputs : {};
    if (params.some((p) => p.type === 'file')) traits.formData = true;
    if ('sessionId' in inputs || params.some((p) => p.name === 'sessionId')) traits.sessionMemory = true;
    if (data.name === 'startAgentflow' && typeof inputs.startInputType === 'string') {
      traits.startInputType = inputs.startInputType;
      if (inputs.startInputType === 'formInput') traits.formExample = formExample(inputs.formInputTypes);
    }
  }
  return traits;
}
