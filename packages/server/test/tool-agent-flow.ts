/** A tool node to connect to the Tool Agent of {@link toolAgentFlow}. */
export interface ConnectedTool {
  /** The node type, e.g. `customTool`. */
  name: string;
  category?: string;
  label?: string;
  inputs: Record<string, unknown>;
  /** A stored credential of the node (OAuth2 tools). */
  credential?: string;
}

/**
 * A chatflow as the canvas saves it (Flowise's JSON shape): a Tool Agent on ChatOpenAI (with the
 * OpenAI credential given) and Buffer Memory, with one tool node connected as `<name>_0`.
 */
export function toolAgentFlow(openAiCredentialId: string, tool: ConnectedTool) {
  const node = (
    id: string,
    name: string,
    category: string,
    inputs: Record<string, unknown>,
    extra: { label?: string; credential?: string } = {},
  ) => ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      name,
      label: extra.label ?? name,
      category,
      version: 1,
      type: name,
      baseClasses: [],
      inputParams: [],
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs: {},
      ...(extra.credential && { credential: extra.credential }),
    },
  });
  const edge = (source: string, input: string) => ({
    id: `${source}-toolAgent_0-${input}`,
    source,
    target: 'toolAgent_0',
    sourceHandle: `${source}-output-x-y`,
    targetHandle: `toolAgent_0-input-${input}-Any`,
  });
  const toolId = `${tool.name}_0`;
  return {
    nodes: [
      node(
        'chatOpenAI_0',
        'chatOpenAI',
        'Chat Models',
        { modelName: 'gpt-4o-mini' },
        { credential: openAiCredentialId },
      ),
      node('bufferMemory_0', 'bufferMemory', 'Memory', {}),
      node(toolId, tool.name, tool.category ?? 'Tools', tool.inputs, {
        label: tool.label,
        credential: tool.credential,
      }),
      node('toolAgent_0', 'toolAgent', 'Agents', {
        model: '{{chatOpenAI_0.data.instance}}',
        memory: '{{bufferMemory_0.data.instance}}',
        tools: [`{{${toolId}.data.instance}}`],
      }),
    ],
    edges: [edge('chatOpenAI_0', 'model'), edge('bufferMemory_0', 'memory'), edge(toolId, 'tools')],
  };
}
