import { readFileSync } from 'node:fs';
import type { NodeType } from '@flowloom/engine';
import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';

/** One node of a flow built for a test: its type, inputs on top of the defaults, and credential. */
export interface NodeSpec {
  id: string;
  type: NodeType;
  inputs?: Record<string, unknown>;
  credential?: string;
  /** The chosen output of a multi-output node (`data.outputs.output`). */
  output?: string;
}

/** `[source node id, target node id, target input name, source output name (a branch: returnTrue…)]` */
export type EdgeSpec = [source: string, target: string, input: string, output?: string];

/**
 * A flow as the canvas would save it: defaults filled in, and each edge both drawn and written into
 * the target's input as `{{source.data.instance}}` (in a list for list inputs).
 */
export function buildFlow(nodes: NodeSpec[], edges: EdgeSpec[] = []): FlowData {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const flowNodes: FlowNode[] = nodes.map((spec) => {
    const { definition } = spec.type;
    const defaults = Object.fromEntries(
      definition.inputs.filter((i) => i.default !== undefined).map((i) => [i.name, i.default]),
    );
    return {
      id: spec.id,
      type: 'customNode',
      position: { x: 0, y: 0 },
      data: {
        id: spec.id,
        label: definition.label,
        name: definition.name,
        version: definition.version,
        type: definition.type,
        baseClasses: definition.baseClasses,
        category: definition.category,
        inputParams: [],
        inputAnchors: [],
        inputs: { ...defaults, ...spec.inputs },
        outputAnchors: [],
        outputs: spec.output ? { output: spec.output } : {},
        ...(spec.credential && { credential: spec.credential }),
      },
    };
  });
  const flowEdges: FlowEdge[] = edges.map(([source, target, input, output]) => {
    const sourceSpec = byId.get(source);
    const targetNode = flowNodes.find((n) => n.id === target);
    if (!sourceSpec || !targetNode) throw new Error(`Edge ${source} → ${target}: unknown node`);
    const param = byId.get(target)!.type.definition.inputs.find((i) => i.name === input);
    if (!param) throw new Error(`Edge ${source} → ${target}: ${target} has no input ${input}`);
    const reference = `{{${source}.data.instance}}`;
    const current = targetNode.data.inputs[input];
    targetNode.data.inputs[input] = param.list
      ? [...(Array.isArray(current) ? (current as unknown[]) : []), reference]
      : reference;
    const { definition } = sourceSpec.type;
    const named = output ? definition.outputs?.find((o) => o.name === output) : undefined;
    if (output && !named) throw new Error(`Edge ${source} → ${target}: ${source} has no output ${output}`);
    const sourceHandle = named
      ? `${source}-output-${named.name}-${named.baseClasses.join('|')}`
      : `${source}-output-${definition.name}-${definition.baseClasses.join('|')}`;
    const targetHandle = `${target}-input-${input}-${param.type}`;
    return {
      id: `${source}-${sourceHandle}-${target}-${targetHandle}`,
      source,
      target,
      sourceHandle,
      targetHandle,
      type: 'buttonedge',
    };
  });
  return { nodes: flowNodes, edges: flowEdges };
}

const TEMPLATES = new URL('../../../../../shared/compat/flowise/chatflows/', import.meta.url);

/** A real Flowise chatflow template (nodes and edges, as a flow saved from it would hold). */
export function flowiseTemplate(name: string): FlowData {
  const file = JSON.parse(readFileSync(new URL(`${name}.json`, TEMPLATES), 'utf8')) as FlowData;
  return { nodes: file.nodes, edges: file.edges };
}

/** A copy of the flow with a change to every node of one type (credential, inputs). */
export function patchNodes(
  flow: FlowData,
  nodeName: string,
  patch: { credential?: string; inputs?: Record<string, unknown> },
): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) =>
      n.data.name === nodeName
        ? {
            ...n,
            data: {
              ...n.data,
              ...(patch.credential && { credential: patch.credential }),
              inputs: { ...n.data.inputs, ...patch.inputs },
            },
          }
        : n,
    ),
  };
}
