import type { FlowData, NodeDefinition } from '@flowloom/shared';
import type { EdgeTypes, NodeTypes, Viewport } from '@xyflow/react';
import type { ConnectionRequest } from '../document/connect';
import type { AnyFlowDocument } from '../document/flowStore';
import type { FlowClipboard } from '../document/clipboard';

/** Whether a connection may be drawn, and if not, the sentence that says why. */
export type ConnectionDecision = { ok: true } | { ok: false; reason: string };

/** A node of any canvas, as the shell handles it (id, position, selection, parent group). */
export interface ShellNode {
  id: string;
  position: { x: number; y: number };
  selected?: boolean;
  parentId?: string;
  data: { name: string; label: string; color?: string };
}

/** A document of any canvas, as the shell handles it. */
export interface ShellDocument extends AnyFlowDocument {
  nodes: readonly ShellNode[];
  edges: readonly { id: string; selected?: boolean }[];
}

/**
 * What sets one canvas apart from another (chatflow, agentflow v2, later sequential agents): the
 * words, the routes, the document format, the node and edge renderers and the editing rules.
 * Everything else (header, palette, React Flow wiring, shortcuts, load/export, saving, read-only
 * preview) is the shared canvas shell. Kinds are module constants, so React Flow never sees new
 * renderer maps.
 */
export interface CanvasKind<D extends ShellDocument> {
  /** Lower case, in buttons and messages: "chatflow". */
  noun: string;
  /** Capitalised, in titles and toasts: "Chatflow". */
  Noun: string;
  /** The flow's type when it is created. */
  flowType: 'CHATFLOW' | 'AGENTFLOW' | 'MULTIAGENT';
  /** The list page the back button returns to. */
  listPath: string;
  /** That page's name in "Back to …" ("agentflows"); `<noun>s` when absent. */
  listName?: string;
  /** The editor route; a saved flow lives at `<editorPath>/<id>`. */
  editorPath: string;
  /** The name shown until the flow is saved under one. */
  untitled: string;

  /** The document in a stored `flowData` text (an empty one when the text holds none). */
  fromText: (text: string | null | undefined) => D;
  toFlowData: (doc: D, viewport?: Viewport) => FlowData;
  /** Why a loaded file cannot open on this canvas, or null when it can. */
  refuseFile: (doc: D) => string | null;
  /** Name and text of the single-flow export file (secrets stripped). */
  exportFile: (name: string, doc: D) => { fileName: string; text: string };
  /** What keeps the flow from being saved: the alert to show and the node to bring into view. */
  saveProblem?: (doc: D) => { alert: string; nodeId: string } | undefined;
  /** The same document with only `nodeId` selected (to point at a problem). */
  selectOnly?: (doc: D, nodeId: string) => D;

  /** The node types this canvas offers in its palette. */
  offers: (definition: NodeDefinition) => boolean;
  nodeTypes: NodeTypes;
  edgeTypes: EdgeTypes;
  checkConnection: (doc: D, connection: ConnectionRequest) => ConnectionDecision;
  connect: (doc: D, connection: ConnectionRequest) => D;
  removeNodes: (doc: D, nodeIds: Iterable<string>) => D;
  removeEdges: (doc: D, edgeIds: Iterable<string>) => D;
  /** Copy and paste of the selection, where the kind supports it. */
  clipboard?: {
    copy: (doc: D) => FlowClipboard | null;
    paste: (doc: D, clip: FlowClipboard, offset: { x: number; y: number }) => D;
  };

  surface: {
    /** Where a dropped palette item lands, relative to the pointer (screen pixels). */
    dropOffset: { x: number; y: number };
    /** A node added from the palette closes it (its editor opens instead). */
    closePaletteOnAdd: boolean;
    /** Grid the nodes snap to; the snap toggle shows only where there is one. */
    snapGrid?: [number, number];
    /** Draw only the nodes in view (large chatflows); off where groups hold children. */
    onlyRenderVisible: boolean;
    /** The minimap colour of a node; the theme's node colour when absent. */
    minimapColor?: (node: ShellNode) => string;
  };
}
