import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import GridOnIcon from '@mui/icons-material/GridOn';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type IsValidConnection,
  type NodeChange,
  type OnConnectEnd,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useRef, useState, useSyncExternalStore, type DragEvent, type MouseEvent } from 'react';
import { checkConnection, connectNodes, type ConnectionRequest } from '../document/connect';
import type { FlowStore } from '../document/flowStore';
import type { CanvasEdge, CanvasNode, FlowDocument } from '../document/types';
import { ButtonEdge } from '../edges/ButtonEdge';
import { ChatflowNode } from '../nodes/ChatflowNode';
import { StickyNoteNode } from '../nodes/StickyNoteNode';
import { NODE_DRAG_TYPE } from '../palette/groupNodes';
import { canvasStyles } from './canvasStyles';

// Module-level so React Flow never sees new type maps (which would remount every node).
const nodeTypes = { customNode: ChatflowNode, stickyNote: StickyNoteNode };
const edgeTypes = { buttonedge: ButtonEdge };
const SNAP_GRID: [number, number] = [16, 16];
// Off-screen nodes are not drawn (onlyRenderVisibleElements), so fitting counts their saved size.
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1, includeHiddenNodes: true };
const DEFAULT_VIEWPORT = { x: 0, y: 0, zoom: 1 };

const toRequest = (connection: Connection | CanvasEdge): ConnectionRequest => ({
  source: connection.source,
  target: connection.target,
  sourceHandle: connection.sourceHandle ?? null,
  targetHandle: connection.targetHandle ?? null,
});

const movedSince = (before: FlowDocument, after: FlowDocument) => {
  const positions = new Map(before.nodes.map((node) => [node.id, node.position]));
  return after.nodes.some((node) => {
    const old = positions.get(node.id);
    return !old || old.x !== node.position.x || old.y !== node.position.y;
  });
};

/**
 * The React Flow surface bound to the flow document. Only view changes (selection, measured
 * sizes) bypass history; drags are recorded once, when they end.
 */
export function FlowCanvas({
  store,
  viewport,
  snapToGrid,
  onToggleSnap,
  onDropNode,
  onRefused,
  onCanvasClick,
  pointer,
}: {
  store: FlowStore;
  viewport: Viewport | undefined;
  snapToGrid: boolean;
  onToggleSnap: () => void;
  /** A palette item was dropped at a flow position. */
  onDropNode: (name: string, position: { x: number; y: number }) => void;
  /** A connection was refused; the reason is a sentence for the user. */
  onRefused: (reason: string) => void;
  /** The pane or a node was clicked (React Flow keeps those clicks from reaching the document). */
  onCanvasClick: () => void;
  /** Last pointer position over the canvas (screen coordinates), for paste. */
  pointer: React.RefObject<{ x: number; y: number } | null>;
}) {
  const theme = useTheme();
  const doc = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { screenToFlowPosition } = useReactFlow<CanvasNode, CanvasEdge>();
  const dragStart = useRef<FlowDocument | null>(null);
  // A flow opened without a saved viewport is fitted once; an empty canvas starts at 100 %.
  const [fitOnOpen] = useState(() => !viewport && store.getSnapshot().nodes.length > 0);

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      const edits = changes.some((change) => change.type !== 'select' && change.type !== 'dimensions');
      store.update((current) => ({ ...current, nodes: applyNodeChanges(changes, current.nodes) }), {
        record: false,
        dirty: edits,
      });
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<CanvasEdge>[]) => {
      const edits = changes.some((change) => change.type !== 'select');
      store.update((current) => ({ ...current, edges: applyEdgeChanges(changes, current.edges) }), {
        record: edits,
        dirty: edits,
      });
    },
    [store],
  );

  const onDragStart = useCallback(() => {
    dragStart.current = store.getSnapshot();
  }, [store]);

  const onDragStop = useCallback(() => {
    const before = dragStart.current;
    dragStart.current = null;
    if (before && movedSince(before, store.getSnapshot())) store.checkpoint(before);
  }, [store]);

  const onConnect = useCallback(
    (connection: Connection) => {
      const request = toRequest(connection);
      if (!checkConnection(store.getSnapshot(), request).ok) return;
      store.update((current) => connectNodes(current, request));
    },
    [store],
  );

  const isValidConnection = useCallback<IsValidConnection<CanvasEdge>>(
    (connection) => checkConnection(store.getSnapshot(), toRequest(connection)).ok,
    [store],
  );

  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
      const [from, to] =
        state.fromHandle.type === 'source'
          ? [state.fromHandle, state.toHandle]
          : [state.toHandle, state.fromHandle];
      const decision = checkConnection(store.getSnapshot(), {
        source: from.nodeId,
        sourceHandle: from.id ?? null,
        target: to.nodeId,
        targetHandle: to.id ?? null,
      });
      if (!decision.ok) onRefused(decision.reason);
    },
    [store, onRefused],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(NODE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const name = event.dataTransfer.getData(NODE_DRAG_TYPE);
      if (!name) return;
      event.preventDefault();
      // Drop so the pointer holds the card near its header, as it was dragged.
      onDropNode(name, screenToFlowPosition({ x: event.clientX - 150, y: event.clientY - 30 }));
    },
    [onDropNode, screenToFlowPosition],
  );

  const onMouseMove = useCallback(
    (event: MouseEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    },
    [pointer],
  );

  const minimapNodeColor = theme.palette.mode === 'dark' ? '#3F4458' : '#D5D8E3';

  return (
    <Box
      sx={[{ position: 'absolute', inset: 0 }, canvasStyles(theme)]}
      onMouseMove={onMouseMove}
      onMouseLeave={() => {
        pointer.current = null;
      }}
    >
      <ReactFlow<CanvasNode, CanvasEdge>
        nodes={doc.nodes}
        edges={doc.edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        onNodeDragStart={onDragStart}
        onNodeDragStop={onDragStop}
        onSelectionDragStart={onDragStart}
        onSelectionDragStop={onDragStop}
        onPaneClick={onCanvasClick}
        onNodeClick={onCanvasClick}
        onDragOver={onDragOver}
        onDrop={onDrop}
        deleteKeyCode={null}
        snapToGrid={snapToGrid}
        snapGrid={SNAP_GRID}
        onlyRenderVisibleElements
        defaultViewport={viewport ?? DEFAULT_VIEWPORT}
        fitView={fitOnOpen}
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.1}
        maxZoom={2}
        colorMode={theme.palette.mode}
        attributionPosition="bottom-center"
      >
        <Background variant={BackgroundVariant.Dots} gap={16} size={1.2} />
        <Controls position="bottom-left" showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS}>
          <ControlButton
            onClick={onToggleSnap}
            className={snapToGrid ? 'active' : undefined}
            title={snapToGrid ? 'Snap to grid: on' : 'Snap to grid: off'}
            aria-label="Snap to grid"
            aria-pressed={snapToGrid}
          >
            <GridOnIcon />
          </ControlButton>
        </Controls>
        {doc.nodes.length > 0 && (
          <MiniMap
            position="bottom-right"
            pannable
            zoomable
            nodeColor={minimapNodeColor}
            nodeStrokeWidth={2}
            nodeBorderRadius={6}
            maskColor={theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.55)' : 'rgba(240,242,247,0.65)'}
            ariaLabel="Flow overview"
          />
        )}
      </ReactFlow>
    </Box>
  );
}
