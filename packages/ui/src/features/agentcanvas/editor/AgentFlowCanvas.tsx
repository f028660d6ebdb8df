import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  BackgroundVariant,
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
import { useCallback, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import type { FlowStore } from '../../canvas/document/flowStore';
import { canvasStyles } from '../../canvas/editor/canvasStyles';
import { NODE_DRAG_TYPE } from '../../canvas/palette/groupNodes';
import { checkAgentConnection, connectAgentNodes, type AgentConnection } from '../document/connect';
import { removeAgentEdges, removeAgentNodes } from '../document/edit';
import type { AgentDocument, AgentEdge, AgentNode } from '../document/types';
import { AgentFlowEdge } from '../nodes/AgentFlowEdge';
import { AgentFlowNode } from '../nodes/AgentFlowNode';
import { AgentStickyNote, IterationNode } from '../nodes/IterationNode';

const nodeTypes = { agentFlow: AgentFlowNode, iteration: IterationNode, stickyNote: AgentStickyNote };
const edgeTypes = { agentFlow: AgentFlowEdge };
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1, includeHiddenNodes: true };
const DEFAULT_VIEWPORT = { x: 0, y: 0, zoom: 1 };

const toRequest = (connection: Connection | AgentEdge): AgentConnection => ({
  source: connection.source,
  target: connection.target,
  sourceHandle: connection.sourceHandle ?? null,
  targetHandle: connection.targetHandle ?? null,
});

const movedSince = (before: AgentDocument, after: AgentDocument) => {
  const positions = new Map(before.nodes.map((node) => [node.id, node.position]));
  return after.nodes.some((node) => {
    const old = positions.get(node.id);
    return !old || old.x !== node.position.x || old.y !== node.position.y;
  });
};

/** The React Flow surface of the v2 canvas, bound to the document store (drags undo at once). */
export function AgentFlowCanvas({
  store,
  viewport,
  onDropNode,
  onRefused,
  onPaneClick,
}: {
  store: FlowStore<AgentDocument>;
  viewport: Viewport | undefined;
  onDropNode: (name: string, position: { x: number; y: number }) => void;
  onRefused: (reason: string) => void;
  onPaneClick: () => void;
}) {
  const theme = useTheme();
  const doc = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { screenToFlowPosition } = useReactFlow<AgentNode, AgentEdge>();
  const dragStart = useRef<AgentDocument | null>(null);
  const [fitOnOpen] = useState(() => !viewport && store.getSnapshot().nodes.length > 0);

  const onNodesChange = useCallback(
    (changes: NodeChange<AgentNode>[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0) store.update((current) => removeAgentNodes(current, removed));
      const rest = changes.filter((change) => change.type !== 'remove');
      if (rest.length === 0) return;
      const edits = rest.some((change) => change.type !== 'select' && change.type !== 'dimensions');
      store.update((current) => ({ ...current, nodes: applyNodeChanges(rest, current.nodes) }), {
        record: false,
        dirty: edits,
      });
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<AgentEdge>[]) => {
      const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
      if (removed.length > 0) store.update((current) => removeAgentEdges(current, removed));
      const rest = changes.filter((change) => change.type !== 'remove');
      if (rest.length === 0) return;
      store.update((current) => ({ ...current, edges: applyEdgeChanges(rest, current.edges) }), {
        record: false,
        dirty: false,
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
    (connection: Connection) => store.update((current) => connectAgentNodes(current, toRequest(connection))),
    [store],
  );

  const isValidConnection = useCallback<IsValidConnection<AgentEdge>>(
    (connection) => checkAgentConnection(store.getSnapshot(), toRequest(connection)).ok,
    [store],
  );

  const onConnectEnd = useCallback<OnConnectEnd>(
    (_event, state) => {
      if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
      const [from, to] =
        state.fromHandle.type === 'source'
          ? [state.fromHandle, state.toHandle]
          : [state.toHandle, state.fromHandle];
      const decision = checkAgentConnection(store.getSnapshot(), {
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
      onDropNode(name, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [onDropNode, screenToFlowPosition],
  );

  return (
    <Box sx={[{ position: 'absolute', inset: 0 }, canvasStyles(theme)]}>
      <ReactFlow<AgentNode, AgentEdge>
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
        onPaneClick={onPaneClick}
        onDragOver={onDragOver}
        onDrop={onDrop}
        deleteKeyCode={['Delete', 'Backspace']}
        defaultViewport={viewport ?? DEFAULT_VIEWPORT}
        fitView={fitOnOpen}
        fitViewOptions={FIT_VIEW_OPTIONS}
        minZoom={0.1}
        maxZoom={2}
        colorMode={theme.palette.mode}
        attributionPosition="bottom-center"
      >
        <Background variant={BackgroundVariant.Dots} gap={16} size={1.2} />
        <Controls position="bottom-left" showInteractive={false} fitViewOptions={FIT_VIEW_OPTIONS} />
        {doc.nodes.length > 0 && (
          <MiniMap
            position="bottom-right"
            pannable
            zoomable
            nodeColor={(node) => (node.data as { color?: string }).color ?? '#ccc'}
            ariaLabel="Flow overview"
          />
        )}
      </ReactFlow>
    </Box>
  );
}
