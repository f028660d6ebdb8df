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
  type Edge,
  type EdgeChange,
  type IsValidConnection,
  type Node,
  type NodeChange,
  type OnConnectEnd,
  type Viewport,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useRef, useState, useSyncExternalStore, type DragEvent, type MouseEvent } from 'react';
import type { ConnectionRequest } from '../document/connect';
import type { FlowStore } from '../document/flowStore';
import { canvasStyles } from '../editor/canvasStyles';
import { NODE_DRAG_TYPE } from '../palette/groupNodes';
import type { CanvasKind, ShellDocument, ShellNode } from './canvasKind';

// Off-screen nodes may not be drawn (onlyRenderVisibleElements), so fitting counts their saved size.
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1, includeHiddenNodes: true };
const DEFAULT_VIEWPORT = { x: 0, y: 0, zoom: 1 };

const toRequest = (connection: Connection | Edge): ConnectionRequest => ({
  source: connection.source,
  target: connection.target,
  sourceHandle: connection.sourceHandle ?? null,
  targetHandle: connection.targetHandle ?? null,
});

const movedSince = (before: ShellDocument, after: ShellDocument) => {
  const positions = new Map(before.nodes.map((node) => [node.id, node.position]));
  return after.nodes.some((node) => {
    const old = positions.get(node.id);
    return !old || old.x !== node.position.x || old.y !== node.position.y;
  });
};

/** Only view changes reach a read-only canvas: selection and measured sizes. */
const isViewChange = (change: NodeChange | EdgeChange) =>
  change.type === 'select' || change.type === 'dimensions';

/**
 * The React Flow surface of any canvas, bound to its document store and drawn with its kind's
 * renderers. View changes (selection, measured sizes) bypass history; drags are recorded once,
 * when they end; removals and connections follow the kind's rules. Read-only: nothing moves,
 * connects, drops or deletes.
 */
export function FlowSurface<D extends ShellDocument>({
  kind,
  store,
  viewport,
  readOnly = false,
  onDropNode,
  onRefused,
  onPaneClick,
  onNodeClick,
  pointer,
}: {
  kind: CanvasKind<D>;
  store: FlowStore<D>;
  viewport: Viewport | undefined;
  readOnly?: boolean;
  /** A palette item was dropped at a flow position. */
  onDropNode?: (name: string, position: { x: number; y: number }) => void;
  /** A connection was refused; the reason is a sentence for the user. */
  onRefused?: (reason: string) => void;
  /** The pane was clicked (React Flow keeps those clicks from reaching the document). */
  onPaneClick?: () => void;
  onNodeClick?: () => void;
  /** Last pointer position over the canvas (screen coordinates), for paste. */
  pointer?: React.RefObject<{ x: number; y: number } | null>;
}) {
  const theme = useTheme();
  const doc = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { screenToFlowPosition } = useReactFlow();
  const dragStart = useRef<D | null>(null);
  // A flow opened without a saved viewport is fitted once; an empty canvas starts at 100 %.
  const [fitOnOpen] = useState(() => !viewport && store.getSnapshot().nodes.length > 0);
  const { snapGrid, onlyRenderVisible, dropOffset, minimapColor } = kind.surface;
  const [snapToGrid, setSnapToGrid] = useState(snapGrid !== undefined);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0 && !readOnly) store.update((current) => kind.removeNodes(current, removed));
      const rest = changes.filter(
        (change) => change.type !== 'remove' && (!readOnly || isViewChange(change)),
      );
      if (rest.length === 0) return;
      const edits = rest.some((change) => !isViewChange(change));
      store.update(
        (current) => ({ ...current, nodes: applyNodeChanges(rest, current.nodes as unknown as Node[]) }),
        { record: false, dirty: edits },
      );
    },
    [kind, store, readOnly],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0 && !readOnly) store.update((current) => kind.removeEdges(current, removed));
      const rest = changes.filter((change) => change.type === 'select');
      if (rest.length === 0) return;
      store.update(
        (current) => ({ ...current, edges: applyEdgeChanges(rest, current.edges as unknown as Edge[]) }),
        { record: false, dirty: false },
      );
    },
    [kind, store, readOnly],
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
      if (!kind.checkConnection(store.getSnapshot(), request).ok) return;
      store.update((current) => kind.connect(current, request));
    },
    [kind, store],
  );

  const isValidConnection = useCallback<IsValidConnection>(
    (connection) => kind.checkConnection(store.getSnapshot(), toRequest(connection)).ok,
    [kind, store],
  );

  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
      const [from, to] =
        state.fromHandle.type === 'source'
          ? [state.fromHandle, state.toHandle]
          : [state.toHandle, state.fromHandle];
      const decision = kind.checkConnection(store.getSnapshot(), {
        source: from.nodeId,
        sourceHandle: from.id ?? null,
        target: to.nodeId,
        targetHandle: to.id ?? null,
      });
      if (!decision.ok) onRefused?.(decision.reason);
    },
    [kind, store, onRefused],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(NODE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);

  const onDrop = useCallback(
    (event: DragEvent) => {
      const name = event.dataTransfer.getData(NODE_DRAG_TYPE);
      if (!name || !onDropNode) return;
      event.preventDefault();
      onDropNode(
        name,
        screenToFlowPosition({ x: event.clientX + dropOffset.x, y: event.clientY + dropOffset.y }),
      );
    },
    [onDropNode, screenToFlowPosition, dropOffset],
  );

  const onMouseMove = useCallback(
    (event: MouseEvent) => {
      if (pointer) pointer.current = { x: event.clientX, y: event.clientY };
    },
    [pointer],
  );

  const themeNodeColor = theme.palette.mode === 'dark' ? '#3F4458' : '#D5D8E3';
  const editable = !readOnly;

  return (
    <Box
      sx={[{ position: 'absolute', inset: 0 }, canvasStyles(theme)]}
      onMouseMove={onMouseMove}
      onMouseLeave={() => {
        if (pointer) pointer.current = null;
      }}
    >
      <ReactFlow
        nodes={doc.nodes as unknown as Node[]}
        edges={doc.edges as unknown as Edge[]}
        nodeTypes={kind.nodeTypes}
        edgeTypes={kind.edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        nodesDraggable={editable}
        nodesConnectable={editable}
        {...(editable && {
          onConnect,
          onConnectEnd,
          isValidConnection,
          onNodeDragStart: onDragStart,
          onNodeDragStop: onDragStop,
          onSelectionDragStart: onDragStart,
          onSelectionDragStop: onDragStop,
          onDragOver,
          onDrop,
        })}
        onPaneClick={onPaneClick}
        onNodeClick={onNodeClick}
        deleteKeyCode={null}
        snapToGrid={snapToGrid && editable}
        {...(snapGrid && { snapGrid })}
        onlyRenderVisibleElements={onlyRenderVisible}
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
          {snapGrid && editable && (
            <ControlButton
              onClick={() => setSnapToGrid((on) => !on)}
              className={snapToGrid ? 'active' : undefined}
              title={snapToGrid ? 'Snap to grid: on' : 'Snap to grid: off'}
              aria-label="Snap to grid"
              aria-pressed={snapToGrid}
            >
              <GridOnIcon />
            </ControlButton>
          )}
        </Controls>
        {doc.nodes.length > 0 && (
          <MiniMap
            position="bottom-right"
            pannable
            zoomable
            nodeColor={
              minimapColor ? (node: Node) => minimapColor(node as unknown as ShellNode) : themeNodeColor
            }
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
