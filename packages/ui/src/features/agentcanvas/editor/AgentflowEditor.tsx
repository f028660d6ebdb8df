import type { NodeDefinition } from '@flowloom/shared';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { useNodeDefinitions } from '../../canvas/editor/useNodeDefinitions';
import { ApiCodeButton } from '../../canvas/api-dialog/ApiCodeButton';
import { CanvasShell } from '../../canvas/shell/CanvasShell';
import {
  useFlowEditor,
  useFlowPreview,
  type CanvasPreviewProps,
  type FlowEditorState,
  type ShellPlacement,
} from '../../canvas/shell/useFlowEditor';
import { useNotify } from '../../notifications/useNotify';
import { agentflowKind } from '../agentflowKind';
import { AgentChatPanel } from '../chat/AgentChatPanel';
import type { AgentStep, StepStatus } from '../chat/agentMessages';
import { addAgentNode, newAgentDocument } from '../document/createAgentNode';
import { removeAgentEdges, removeAgentNodes, setAgentInputs, setAgentLabel } from '../document/edit';
import { iterationAt, relativeTo } from '../document/iteration';
import { START_NODE, type AgentDocument } from '../document/types';
import { validateAgentFlow } from '../document/validate';
import { AgentCanvasActionsContext, NodeStatusContext, type AgentCanvasActions } from './AgentCanvasContext';
import { NodeEditorPanel } from './NodeEditorPanel';
import { NodeEditorScope } from './NodeEditorScope';

/** The agentflow canvas of the route (`/v2/agentcanvas`, `/v2/agentcanvas/:id`), open for editing. */
export function AgentflowEditor() {
  const { id } = useParams();
  return <AgentflowCanvas editor={useFlowEditor(agentflowKind, id)} id={id} />;
}

/** An agentflow shown read-only, e.g. a template; `actions` is what the preview offers. */
export function AgentflowPreview(props: CanvasPreviewProps) {
  return <AgentflowCanvas {...useFlowPreview(agentflowKind, props)} />;
}

/**
 * The shared canvas shell with v2 nodes and, when editing, the node editor and the chat. A new
 * agentflow (no `id`) starts from its Start node.
 */
function AgentflowCanvas({
  editor,
  id,
  shell,
}: {
  editor: FlowEditorState<AgentDocument>;
  id?: string | undefined;
  shell?: ShellPlacement;
}) {
  const notify = useNotify();
  const { store, load, editing: edit } = editor;
  const readOnly = edit === undefined;
  const definitions = useNodeDefinitions();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<ReadonlyMap<string, StepStatus>>(new Map());

  // A new agentflow starts from its Start node (every agentflow has exactly one), not an empty canvas.
  const startDefinition = definitions.byName.get(START_NODE);
  useEffect(() => {
    if (!edit || id || load.status !== 'ready' || !startDefinition || store.getSnapshot().nodes.length > 0)
      return;
    store.update(() => newAgentDocument(startDefinition), { record: false, dirty: false });
  }, [edit, id, load.status, startDefinition, store]);

  const actions = useMemo<AgentCanvasActions>(
    () => ({
      // A preview has no node editor: its nodes are looked at on the canvas.
      editNode: (nodeId) => setEditingId(readOnly ? null : nodeId),
      deleteNode: (nodeId) => {
        store.update((doc) => removeAgentNodes(doc, [nodeId]));
        setEditingId((current) => (current === nodeId ? null : current));
      },
      deleteEdge: (edgeId) => store.update((doc) => removeAgentEdges(doc, [edgeId])),
    }),
    [store, readOnly],
  );

  /** Places a node at a flow position: inside the Iteration there, if any (refusals are shown). */
  const place = useCallback(
    (definition: NodeDefinition, position: { x: number; y: number }) => {
      const current = store.getSnapshot();
      const parent = iterationAt(current.nodes, position);
      const at = parent ? relativeTo(parent, current.nodes, position) : position;
      const result = addAgentNode(current, definition, at, parent?.id);
      if (result.refused) {
        notify.info(result.refused);
        return;
      }
      store.update(() => result.doc);
      if (result.node) setEditingId(result.node.id);
    },
    [store, notify],
  );

  const onStep = useCallback(
    (step: AgentStep) =>
      setStatuses((current) => {
        const next = new Map(current);
        next.set(step.nodeId, step.status);
        return next;
      }),
    [],
  );
  const onRunStart = useCallback(() => setStatuses(new Map()), []);
  const validate = useCallback(() => validateAgentFlow(store.getSnapshot()), [store]);
  const closeEditor = useCallback(() => setEditingId(null), []);

  const editing = useSyncExternalStore(store.subscribe, () =>
    editingId ? store.getSnapshot().nodes.find((node) => node.id === editingId) : undefined,
  );

  return (
    <AgentCanvasActionsContext.Provider value={actions}>
      <NodeStatusContext.Provider value={statuses}>
        <CanvasShell
          editor={editor}
          definitions={definitions}
          onAddNode={place}
          onPaneClick={closeEditor}
          actions={edit && editor.chatflow && <ApiCodeButton chatflow={editor.chatflow} agentCanvas />}
          {...shell}
        >
          {editing && (
            <NodeEditorScope key={editing.id} store={store} nodeId={editing.id}>
              <NodeEditorPanel
                node={editing}
                definitions={definitions.list}
                onInputs={(values, change) =>
                  store.update((doc) => setAgentInputs(doc, editing.id, values, change))
                }
                onCredential={(credentialId) =>
                  store.update((doc) => ({
                    ...doc,
                    nodes: doc.nodes.map((node) =>
                      node.id === editing.id
                        ? { ...node, data: { ...node.data, credential: credentialId } }
                        : node,
                    ),
                  }))
                }
                onLabel={(label) => store.update((doc) => setAgentLabel(doc, editing.id, label))}
                onClose={closeEditor}
              />
            </NodeEditorScope>
          )}
          {edit && (
            <AgentChatPanel
              chatflowId={editor.chatflow?.id}
              isDirty={editor.isDirty}
              onSave={edit.save}
              validate={validate}
              onStep={onStep}
              onRunStart={onRunStart}
            />
          )}
        </CanvasShell>
      </NodeStatusContext.Provider>
    </AgentCanvasActionsContext.Provider>
  );
}
