import type { CanvasNodeData } from '../../canvas/document/types';
import { CONDITION_AGENT_NODE, CONDITION_NODE, HUMAN_INPUT_NODE } from './types';

/** One output anchor of a v2 node, as stored in `data.outputAnchors`. */
export interface AgentOutputAnchor {
  id: string;
  name: string;
  label: string;
  description?: string;
}

/** `<nodeId>-output-<index>` of nodes with declared outputs. */
export function indexedHandleId(nodeId: string, index: number): string {
  return `${nodeId}-output-${index}`;
}

/** The index of an indexed output handle (`…-output-2` → 2), or -1. */
export function handleIndex(nodeId: string, handleId: string | null | undefined): number {
  const prefix = `${nodeId}-output-`;
  if (!handleId?.startsWith(prefix)) return -1;
  const rest = handleId.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : -1;
}

/** Rows of an array input, whether stored as a list or as JSON text. */
export function rowsOf(value: unknown): Record<string, unknown>[] {
  let list: unknown = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      list = JSON.parse(value);
    } catch {
      list = [];
    }
  }
  return Array.isArray(list)
    ? list.filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
    : [];
}

/** Which array input a node's outputs follow, and whether an Else output comes after the rows. */
export function rowOutputs(name: string): { param: string; withElse: boolean } | undefined {
  if (name === CONDITION_NODE) return { param: 'conditions', withElse: true };
  if (name === CONDITION_AGENT_NODE) return { param: 'conditionAgentScenarios', withElse: false };
  return undefined;
}

/**
 * The output anchors of a v2 node (AGENTFLOW_V2.md §0.1, §4.1): none for `hideOutput` nodes;
 * one per condition row plus Else (Condition); one per scenario (Condition Agent); proceed and
 * reject (Human Input); otherwise the single default `<id>-output-<name>`.
 */
export function outputAnchorsOf(
  data: Pick<CanvasNodeData, 'id' | 'name' | 'label' | 'hideOutput' | 'inputs'>,
): AgentOutputAnchor[] {
  const { id, name } = data;
  if (data.hideOutput) return [];
  const rows = rowOutputs(name);
  if (rows) {
    const count = rowsOf(data.inputs[rows.param]).length;
    const anchors: AgentOutputAnchor[] = Array.from({ length: count }, (_, index) => ({
      id: indexedHandleId(id, index),
      name: String(index),
      label: String(index),
      description: `Condition ${index}`,
    }));
    if (rows.withElse)
      anchors.push({
        id: indexedHandleId(id, count),
        name: String(count),
        label: String(count),
        description: 'Else',
      });
    return anchors;
  }
  if (name === HUMAN_INPUT_NODE) {
    return [
      { id: indexedHandleId(id, 0), name: 'proceed', label: 'Proceed', description: 'Proceed' },
      { id: indexedHandleId(id, 1), name: 'reject', label: 'Reject', description: 'Reject' },
    ];
  }
  return [{ id: `${id}-output-${name}`, name, label: data.label }];
}

/** What a node's output handle is called on the card (`Condition 0`, `Else`, `Proceed`…). */
export function anchorCaption(data: CanvasNodeData, anchor: AgentOutputAnchor, index: number): string {
  if (data.name === CONDITION_AGENT_NODE) {
    const scenario = rowsOf(data.inputs.conditionAgentScenarios)[index]?.scenario;
    return typeof scenario === 'string' && scenario.trim() ? scenario.trim() : `Scenario ${index}`;
  }
  return anchor.description ?? anchor.label;
}

/** The label an edge from `sourceHandle` carries: the index, or proceed / reject. */
export function edgeLabelFor(
  sourceName: string,
  sourceId: string,
  sourceHandle: string | null | undefined,
): string | undefined {
  const index = handleIndex(sourceId, sourceHandle);
  if (index < 0) return undefined;
  if (sourceName === HUMAN_INPUT_NODE) return index === 0 ? 'proceed' : 'reject';
  if (rowOutputs(sourceName)) return String(index);
  return undefined;
}

/** `<source>-<sourceHandle>-<target>-<targetHandle>` */
export function agentEdgeId(edge: {
  source: string;
  sourceHandle?: string | null;
  target: string;
  targetHandle?: string | null;
}): string {
  return `${edge.source}-${edge.sourceHandle ?? ''}-${edge.target}-${edge.targetHandle ?? ''}`;
}
