import type { FlowNodeData, NodeParam } from '@flowloom/shared';
import type { Edge, Node } from '@xyflow/react';

/** `node.data` on the canvas: exactly the Flowise shape, typed loosely enough for React Flow. */
export type CanvasNodeData = FlowNodeData & Record<string, unknown>;

/** Node kinds the v1 canvas renders (FLOWISE_API.md §2.2). */
export type CanvasNodeType = 'customNode' | 'stickyNote';

export type CanvasNode = Node<CanvasNodeData, CanvasNodeType>;
export type CanvasEdge = Edge<{ label?: string }, 'buttonedge'>;

/** The flow document: what is saved, undone and redone. The viewport is view state, kept apart. */
export interface FlowDocument {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

/** A node input as flows store it: the definition plus its handle id. */
export type FlowParam = NodeParam & { id?: string };

/** One column of a `datagrid` input (Flowise stores the grid rows as a JSON string). */
export interface DataGridColumn {
  field: string;
  headerName?: string;
  type?: string;
  editable?: boolean;
  /** Choices of a `singleSelect` column, suggestions of a `freeSolo` one: text or `{label, value}`. */
  valueOptions?: unknown[];
  flex?: number;
  /** Load methods that fill the column (Flowise's `loadStateKeys`, `getPreviousMessages`). */
  loadMethod?: string | string[];
}

/**
 * Node params carry a few fields the shared `NodeParam` does not list: sub-params of `array`
 * inputs, columns of `datagrid` inputs, the tabs of `tabs` inputs.
 */
export type RichParam = FlowParam & {
  array?: RichParam[];
  datagrid?: DataGridColumn[];
  tabs?: RichParam[];
  tabIdentifier?: string;
  freeSolo?: boolean;
  /** An `options` input that also offers `{{ <nodeId> }}` for the earlier nodes (Execute Flow's Input). */
  loadPreviousNodes?: boolean;
  refresh?: boolean;
  hidden?: boolean;
};
