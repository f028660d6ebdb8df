import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';

/** An agentflow v2 node as the v2 canvas saves it. */
export function agentNode(
  id: string,
  name: string,
  inputs: Record<string, unknown> = {},
  label: string = id,
): FlowNode {
  return {
    id,
    type: 'agentFlow',
    position: { x: 0, y: 0 },
    data: {
      id,
      label,
      name,
      version: 1,
      type: name,
      baseClasses: [],
      category: 'Agent Flows',
      inputParams: [],
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs: {},
    },
  };
}

/** An edge from `source`'s output `handle` to `target`, in the v2 canvas's handle naming. */
export function agentEdge(source: string, target: string, handle = 'x'): FlowEdge {
  return {
    id: `${source}-${target}-${handle}`,
    source,
    target,
    sourceHandle: `${source}-output-${handle}`,
    targetHandle: target,
    type: 'agentFlow',
  };
}

/** Start (chat input) → Custom Function running `code`, as flowData text. */
export function customFunctionFlow(code: string): string {
  const flow: FlowData = {
    nodes: [
      agentNode('startAgentflow_0', 'startAgentflow', { startInputType: 'chatInput' }),
      agentNode('customFunctionAgentflow_0', 'customFunctionAgentflow', {
        customFunctionJavascriptFunction: code,
      }),
    ],
    edges: [agentEdge('startAgentflow_0', 'customFunctionAgentflow_0', 'startAgentflow')],
  };
  return JSON.stringify(flow);
}
