import { ReactFlowProvider } from '@xyflow/react';
import { AgentflowEditor } from './editor/AgentflowEditor';

/** The Agentflow v2 canvas routes (`/v2/agentcanvas`, `/v2/agentcanvas/:id`), a lazy-loaded chunk. */
export default function AgentCanvasPage() {
  return (
    <ReactFlowProvider>
      <AgentflowEditor />
    </ReactFlowProvider>
  );
}
