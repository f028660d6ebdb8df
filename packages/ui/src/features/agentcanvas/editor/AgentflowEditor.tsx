import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Fab from '@mui/material/Fab';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { sanitizeFlowForExport, type NodeDefinition } from '@flowloom/shared';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { canvasApi } from '../../canvas/canvasApi';
import { setChatflow } from '../../canvas/canvasSlice';
import { CanvasHeader } from '../../canvas/editor/CanvasHeader';
import { SaveFlowDialog } from '../../canvas/editor/SaveFlowDialog';
import { useFlowStore } from '../../canvas/editor/useFlowStore';
import { useLeaveGuard } from '../../canvas/editor/useLeaveGuard';
import { useNodeDefinitions } from '../../canvas/editor/useNodeDefinitions';
import { AGENT_FLOWS_CATEGORY } from '../../canvas/document/flowKind';
import { NodePalette } from '../../canvas/palette/NodePalette';
import { useConfirm } from '../../confirm/useConfirm';
import { downloadFile } from '../../export-import/downloadFile';
import { useNotify } from '../../notifications/useNotify';
import { AgentChatPanel } from '../chat/AgentChatPanel';
import type { AgentStep, StepStatus } from '../chat/agentMessages';
import { addAgentNode, newAgentDocument } from '../document/createAgentNode';
import { removeAgentEdges, removeAgentNodes, setAgentInputs, setAgentLabel } from '../document/edit';
import { isJsonText } from '../../canvas/document/flowFile';
import { agentDocumentFromText, agentDocumentToFlowData } from '../document/flowFile';
import { iterationAt, relativeTo } from '../document/iteration';
import { START_NODE, type AgentDocument } from '../document/types';
import { validateAgentFlow } from '../document/validate';
import { AgentCanvasActionsContext, NodeStatusContext, type AgentCanvasActions } from './AgentCanvasContext';
import { AgentFlowCanvas } from './AgentFlowCanvas';
import { NodeEditorPanel } from './NodeEditorPanel';
import { NodeEditorScope } from './NodeEditorScope';
import { useAgentflowLoader, useSaveAgentflow } from './useAgentflow';

const UNTITLED = 'Untitled agentflow';

/** The Agentflow v2 canvas: header, v2 node palette, the flow, the node editor and the chat. */
export function AgentflowEditor() {
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const confirm = useConfirm();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const chatflow = useAppSelector((state) => state.canvas.chatflow);
  const isDirty = useAppSelector((state) => state.canvas.isDirty);
  const store = useFlowStore<AgentDocument>();
  const definitions = useNodeDefinitions();
  const load = useAgentflowLoader(id, store);
  const [draftName, setDraftName] = useState(UNTITLED);
  const name = chatflow?.name ?? draftName;
  const { save, saving, naming } = useSaveAgentflow(store);
  const canUndo = useSyncExternalStore(store.subscribe, () => store.canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.canRedo);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<ReadonlyMap<string, StepStatus>>(new Map());
  const surface = useRef<HTMLDivElement>(null);
  const clickAdds = useRef(0);
  useLeaveGuard();

  // A new agentflow starts from its Start node (every agentflow has exactly one), not an empty canvas.
  const startDefinition = definitions.byName.get(START_NODE);
  useEffect(() => {
    if (id || load.status !== 'ready' || !startDefinition || store.getSnapshot().nodes.length > 0) return;
    store.update(() => newAgentDocument(startDefinition), { record: false, dirty: false });
  }, [id, load.status, startDefinition, store]);

  const agentNodes = useMemo(
    () =>
      definitions.list.filter(
        (node) => node.category === AGENT_FLOWS_CATEGORY && node.name.endsWith('Agentflow'),
      ),
    [definitions.list],
  );

  const actions = useMemo<AgentCanvasActions>(
    () => ({
      editNode: (nodeId) => setEditingId(nodeId),
      deleteNode: (nodeId) => {
        store.update((doc) => removeAgentNodes(doc, [nodeId]));
        setEditingId((current) => (current === nodeId ? null : current));
      },
      deleteEdge: (edgeId) => store.update((doc) => removeAgentEdges(doc, [edgeId])),
    }),
    [store],
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

  const onDropNode = useCallback(
    (nodeName: string, position: { x: number; y: number }) => {
      const definition = definitions.byName.get(nodeName);
      if (definition) place(definition, { x: position.x - 90, y: position.y - 25 });
      setPaletteOpen(false);
    },
    [definitions.byName, place],
  );

  const addInView = useCallback(
    (definition: NodeDefinition) => {
      const rect = surface.current?.getBoundingClientRect();
      const center = rect
        ? { x: rect.left + rect.width / 3, y: rect.top + rect.height / 3 }
        : { x: 400, y: 300 };
      const step = (clickAdds.current++ % 8) * 30;
      const at = screenToFlowPosition(center);
      place(definition, { x: at.x + step, y: at.y + step });
      setPaletteOpen(false);
    },
    [place, screenToFlowPosition],
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

  const rename = async (next: string) => {
    if (!chatflow) {
      setDraftName(next);
      return;
    }
    try {
      dispatch(setChatflow(await canvasApi.updateChatflow(chatflow.id, { name: next })));
    } catch (error) {
      notify.error(error, { prefix: 'Failed to rename agentflow: ' });
    }
  };

  const loadFile = async (file: File) => {
    const text = await file.text();
    if (!isJsonText(text)) {
      notify.error(`${file.name} is not a JSON file. Choose a flow exported as JSON.`);
      return;
    }
    const doc = agentDocumentFromText(text);
    if (doc.nodes.length === 0 || !doc.nodes.every((node) => node.data.category === AGENT_FLOWS_CATEGORY)) {
      notify.error('This file holds no Agentflow v2 nodes. Choose an agentflow exported as JSON.');
      return;
    }
    if (
      store.getSnapshot().nodes.length > 0 &&
      !(await confirm({
        title: 'Load agentflow',
        description: `Replace the nodes on this canvas with the ones in “${file.name}”? You can undo this.`,
        confirmButtonName: 'Replace',
      }))
    )
      return;
    store.update(() => doc);
    requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1 }));
    notify.success(`Loaded ${file.name}`);
  };

  const exportFlow = () =>
    downloadFile(
      `${name.trim() || 'Untitled'} Agents.json`,
      JSON.stringify(sanitizeFlowForExport(agentDocumentToFlowData(store.getSnapshot())), null, 2),
    );

  const editing = useSyncExternalStore(store.subscribe, () =>
    editingId ? store.getSnapshot().nodes.find((node) => node.id === editingId) : undefined,
  );

  return (
    <AgentCanvasActionsContext.Provider value={actions}>
      <NodeStatusContext.Provider value={statuses}>
        <Box
          sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
        >
          <CanvasHeader
            noun="agentflow"
            name={name}
            isDirty={isDirty}
            saving={saving}
            canUndo={canUndo}
            canRedo={canRedo}
            onBack={() => void navigate('/agentflows')}
            onRename={(next) => void rename(next)}
            onUndo={() => store.undo()}
            onRedo={() => store.redo()}
            onLoadFile={(file) => void loadFile(file)}
            onExport={exportFlow}
            onSave={() => void save()}
          />
          <Box ref={surface} sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
            {load.status === 'loading' && <LinearProgress aria-label="Loading agentflow" />}
            {load.status === 'error' && (
              <Alert
                severity="error"
                sx={{ m: 3 }}
                action={
                  <Button color="inherit" onClick={() => void navigate('/agentflows')}>
                    Back to agentflows
                  </Button>
                }
              >
                {errorMessage(load.error, 'This agentflow could not be opened.')}
              </Alert>
            )}
            {load.status === 'ready' && (
              <AgentFlowCanvas
                key={load.key}
                store={store}
                viewport={load.viewport}
                onDropNode={onDropNode}
                onRefused={(reason) => notify.info(reason)}
                onPaneClick={() => {
                  setPaletteOpen(false);
                  setEditingId(null);
                }}
              />
            )}
            {load.status === 'ready' && (
              <ClickAwayListener onClickAway={() => setPaletteOpen(false)} mouseEvent="onMouseDown">
                <Box sx={{ position: 'absolute', top: 20, left: 20, zIndex: 5 }}>
                  <Tooltip title={paletteOpen ? 'Close' : 'Add nodes'} placement="right">
                    <Fab
                      size="medium"
                      color="primary"
                      aria-label={paletteOpen ? 'Close node list' : 'Add nodes'}
                      aria-expanded={paletteOpen}
                      onClick={() => setPaletteOpen((open) => !open)}
                    >
                      {paletteOpen ? <CloseIcon /> : <AddIcon />}
                    </Fab>
                  </Tooltip>
                  {paletteOpen && (
                    <Box sx={{ mt: 1.5 }}>
                      {definitions.error !== undefined && definitions.list.length === 0 ? (
                        <Alert severity="error" sx={{ width: 360 }}>
                          {errorMessage(definitions.error, 'The node list could not be loaded.')}
                        </Alert>
                      ) : (
                        <NodePalette
                          definitions={agentNodes}
                          onAdd={addInView}
                          onClose={() => setPaletteOpen(false)}
                        />
                      )}
                    </Box>
                  )}
                </Box>
              </ClickAwayListener>
            )}
            {load.status === 'ready' && editing && (
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
                  onClose={() => setEditingId(null)}
                />
              </NodeEditorScope>
            )}
            {load.status === 'ready' && (
              <AgentChatPanel
                chatflowId={chatflow?.id}
                isDirty={isDirty}
                onSave={save}
                validate={validate}
                onStep={onStep}
                onRunStart={onRunStart}
              />
            )}
          </Box>
        </Box>
        {naming && (
          <SaveFlowDialog
            noun="Agentflow"
            initialName={draftName === UNTITLED ? '' : draftName}
            onCancel={() => naming.resolve(null)}
            onSave={(chosen) => naming.resolve(chosen)}
          />
        )}
      </NodeStatusContext.Provider>
    </AgentCanvasActionsContext.Provider>
  );
}
