import { ReactFlowProvider } from '@xyflow/react';
import { agentGraphKind } from './agentGraphKind';
import { chatflowKind } from './chatflowKind';
import { ChatflowEditor } from './editor/ChatflowEditor';

/**
 * The v1 canvas routes (lazy-loaded chunk): chatflows on `/canvas`, Sequential Agents and supervisor
 * teams (V1 agentflows) on `/agentcanvas`; both are drawn as chatflow nodes are.
 */
export default function CanvasPage({ kind }: { kind: 'chatflow' | 'agents' }) {
  return (
    <ReactFlowProvider>
      <ChatflowEditor key={kind} kind={kind === 'agents' ? agentGraphKind : chatflowKind} />
    </ReactFlowProvider>
  );
}
