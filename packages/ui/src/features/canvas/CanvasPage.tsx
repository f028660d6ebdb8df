import { ReactFlowProvider } from '@xyflow/react';
import { lazy, Suspense } from 'react';
import type { PlaceholderCanvas } from './CanvasPlaceholder';
import { ChatflowEditor } from './editor/ChatflowEditor';

// The (v1) agentflow canvas is a placeholder; their code stays out of the editor's chunk.
const CanvasPlaceholder = lazy(() =>
  import('./CanvasPlaceholder').then((module) => ({ default: module.CanvasPlaceholder })),
);

/** The canvas routes (lazy-loaded chunk): the chatflow editor; other canvases are placeholders. */
export default function CanvasPage({ kind }: { kind: 'chatflow' | PlaceholderCanvas }) {
  if (kind !== 'chatflow') {
    return (
      <Suspense fallback={null}>
        <CanvasPlaceholder kind={kind} />
      </Suspense>
    );
  }
  return (
    <ReactFlowProvider>
      <ChatflowEditor />
    </ReactFlowProvider>
  );
}
