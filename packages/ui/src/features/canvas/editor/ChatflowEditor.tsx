import type { NodeDefinition } from '@flowloom/shared';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { AgentGraphChatPanel } from '../../chat/AgentGraphChatPanel';
import { ChatPanel } from '../../chat/ChatPanel';
import type { CanvasKind } from '../shell/canvasKind';
import { chatflowKind } from '../chatflowKind';
import { duplicateNode } from '../document/clipboard';
import { syncConditionOutputs } from '../document/conditionNode';
import { addNode, setNodeCredential, setNodeInputs, setNodeOutput } from '../document/editNode';
import { removeEdges, removeNodes } from '../document/removeElements';
import { agentGraphOptionsLoader } from '../inputs/agentGraphOptions';
import {
  loadChatflowOptions,
  OptionsLoaderContext,
  ParamEditorOverrideContext,
} from '../inputs/paramEditorContext';
import { SequentialScopeContext, type SequentialScope } from '../inputs/sequentialScope';
import { sequentialParamEditor } from '../inputs/SequentialVariableInput';
import { useWorkspaceVariables } from '../../agentcanvas/variables/useWorkspaceVariables';
import { AdditionalParamsDialog } from '../nodes/AdditionalParamsDialog';
import { NodeInfoDialog } from '../nodes/NodeInfoDialog';
import { CanvasShell } from '../shell/CanvasShell';
import {
  useFlowEditor,
  useFlowPreview,
  type CanvasPreviewProps,
  type FlowEditorState,
  type ShellPlacement,
} from '../shell/useFlowEditor';
import type { FlowDocument } from '../document/types';
import { VectorUpsertActions } from '../upsert/VectorUpsertActions';
import { ApiCodeButton } from '../api-dialog/ApiCodeButton';
import { CanvasActionsContext, type CanvasActions } from './CanvasActionsContext';
import { useNodeDefinitions } from './useNodeDefinitions';

type NodeDialog = { kind: 'info' | 'additional'; nodeId: string } | null;

/**
 * The chatflow canvas of the route (`/canvas`, `/canvas/:id`), open for editing; with
 * `agentGraphKind`, the V1 agentflow canvas (`/agentcanvas`).
 */
export function ChatflowEditor({ kind = chatflowKind }: { kind?: CanvasKind<FlowDocument> }) {
  const { id } = useParams();
  return <ChatflowCanvas editor={useFlowEditor(kind, id)} />;
}

/**
 * A chatflow shown read-only, e.g. a template: nodes, their info and additional parameters can be
 * looked at, nothing changed; `actions` is what the preview offers ("Use template").
 */
export function ChatflowPreview(props: CanvasPreviewProps) {
  return <ChatflowCanvas {...useFlowPreview(chatflowKind, props)} />;
}

/** The shared canvas shell with chatflow nodes, their dialogs and (when editing) the chat. */
function ChatflowCanvas({
  editor,
  shell,
}: {
  editor: FlowEditorState<FlowDocument>;
  shell?: ShellPlacement;
}) {
  const { store, editing } = editor;
  // Sequential Agents and teams: no vector upserts; their chat shows agent turns and approvals.
  const agents = editor.kind.flowType === 'MULTIAGENT';
  const definitions = useNodeDefinitions();
  const [dialog, setDialog] = useState<NodeDialog>(null);
  // Sequential nodes' lists (State keys, earlier nodes) come from the flow around the node.
  const loadOptions = useMemo(
    () => (agents ? agentGraphOptionsLoader(() => store.getSnapshot()) : loadChatflowOptions),
    [agents, store],
  );
  // Their variable inputs get the picker, which reads the flow and the workspace's variables.
  const workspace = useWorkspaceVariables(agents);
  const sequentialScope = useMemo<SequentialScope | null>(
    () => (agents ? { store, workspaceVariables: workspace.names, note: workspace.note } : null),
    [agents, store, workspace.names, workspace.note],
  );

  const actions = useMemo<CanvasActions>(
    () => ({
      // A condition node's outputs follow its condition (SPEC §4), in the same undo step.
      setInputs: (nodeId, values) =>
        store.update((doc) => syncConditionOutputs(setNodeInputs(doc, nodeId, values), nodeId)),
      setCredential: (nodeId, credentialId) =>
        store.update((doc) => setNodeCredential(doc, nodeId, credentialId)),
      setOutput: (nodeId, anchorName, outputName) =>
        store.update((doc) => setNodeOutput(doc, nodeId, outputName, anchorName)),
      duplicateNode: (nodeId) => store.update((doc) => duplicateNode(doc, nodeId)),
      deleteNode: (nodeId) => store.update((doc) => removeNodes(doc, [nodeId])),
      deleteEdge: (edgeId) => store.update((doc) => removeEdges(doc, [edgeId])),
      showNodeInfo: (nodeId) => setDialog({ kind: 'info', nodeId }),
      editAdditionalParams: (nodeId) => setDialog({ kind: 'additional', nodeId }),
    }),
    [store],
  );

  const addAt = useCallback(
    (definition: NodeDefinition, position: { x: number; y: number }) =>
      store.update((doc) => addNode(doc, definition, position).doc),
    [store],
  );

  // Dialog content follows the document, so edits made in a dialog show in it at once.
  const dialogNode = useSyncExternalStore(store.subscribe, () =>
    dialog ? store.getSnapshot().nodes.find((node) => node.id === dialog.nodeId) : undefined,
  );

  return (
    <CanvasActionsContext.Provider value={actions}>
      <OptionsLoaderContext.Provider value={loadOptions}>
        <SequentialScopeContext.Provider value={sequentialScope}>
          <ParamEditorOverrideContext.Provider value={agents ? sequentialParamEditor : null}>
            <CanvasShell
              editor={editor}
              definitions={definitions}
              onAddNode={addAt}
              settings={{ upsertHistory: !agents }}
              {...shell}
              actions={
                shell?.actions ??
                (editing && editor.chatflow && (
                  <>
                    {!agents && (
                      <VectorUpsertActions
                        chatflow={editor.chatflow}
                        isDirty={editor.isDirty}
                        onSave={editing.save}
                      />
                    )}
                    <ApiCodeButton chatflow={editor.chatflow} agentCanvas={agents} />
                  </>
                ))
              }
              dialogs={
                <>
                  {dialog?.kind === 'info' && dialogNode && (
                    <NodeInfoDialog
                      data={dialogNode.data}
                      definition={definitions.byName.get(dialogNode.data.name)}
                      onClose={() => setDialog(null)}
                    />
                  )}
                  {dialog?.kind === 'additional' && dialogNode && (
                    <AdditionalParamsDialog data={dialogNode.data} onClose={() => setDialog(null)} />
                  )}
                </>
              }
            >
              {editing &&
                (agents ? (
                  <AgentGraphChatPanel
                    chatflowId={editor.chatflow?.id}
                    isDirty={editor.isDirty}
                    onSave={editing.save}
                  />
                ) : (
                  <ChatPanel
                    chatflowId={editor.chatflow?.id}
                    isDirty={editor.isDirty}
                    onSave={editing.save}
                  />
                ))}
            </CanvasShell>
          </ParamEditorOverrideContext.Provider>
        </SequentialScopeContext.Provider>
      </OptionsLoaderContext.Provider>
    </CanvasActionsContext.Provider>
  );
}
