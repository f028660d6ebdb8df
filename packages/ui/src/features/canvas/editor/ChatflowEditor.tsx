import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import type { NodeDefinition } from '@flowloom/shared';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { ChatPanel } from '../../chat/ChatPanel';
import { useConfirm } from '../../confirm/useConfirm';
import { downloadFile } from '../../export-import/downloadFile';
import { useNotify } from '../../notifications/useNotify';
import { canvasApi } from '../canvasApi';
import { setChatflow } from '../canvasSlice';
import { duplicateNode } from '../document/clipboard';
import { syncConditionOutputs } from '../document/conditionNode';
import { addNode, setNodeCredential, setNodeInputs, setNodeOutput } from '../document/editNode';
import { documentFromText, exportFileName, exportFileText, isJsonText } from '../document/flowFile';
import { removeEdges, removeNodes } from '../document/removeElements';
import { AdditionalParamsDialog } from '../nodes/AdditionalParamsDialog';
import { NodeInfoDialog } from '../nodes/NodeInfoDialog';
import { isAgentflowNode } from '../document/flowKind';
import { NodePalette } from '../palette/NodePalette';
import { CanvasActionsContext, NodeDefinitionsContext, type CanvasActions } from './CanvasActionsContext';
import { CanvasHeader } from './CanvasHeader';
import { EmptyCanvasHint } from './EmptyCanvasHint';
import { FlowCanvas } from './FlowCanvas';
import { SaveFlowDialog } from './SaveFlowDialog';
import { useCanvasShortcuts } from './useCanvasShortcuts';
import { useChatflowLoader } from './useChatflowLoader';
import { useFlowStore } from './useFlowStore';
import { useLeaveGuard } from './useLeaveGuard';
import { useNodeDefinitions } from './useNodeDefinitions';
import { useSaveChatflow } from './useSaveChatflow';

type NodeDialog = { kind: 'info' | 'additional'; nodeId: string } | null;

/** The chatflow canvas: header, node palette, the flow itself, node dialogs and the chat. */
export function ChatflowEditor() {
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const confirm = useConfirm();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const chatflow = useAppSelector((state) => state.canvas.chatflow);
  const isDirty = useAppSelector((state) => state.canvas.isDirty);

  const store = useFlowStore();
  const definitions = useNodeDefinitions();
  // Agentflow (v2) nodes run only in agentflows: they have a canvas of their own.
  const chatflowNodes = useMemo(
    () => definitions.list.filter((definition) => !isAgentflowNode(definition)),
    [definitions.list],
  );
  const load = useChatflowLoader(id, store);
  const [draftName, setDraftName] = useState('Untitled chatflow');
  const name = chatflow?.name ?? draftName;
  const { save, saving, naming } = useSaveChatflow(store, name);
  const canUndo = useSyncExternalStore(store.subscribe, () => store.canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.canRedo);
  const isEmpty = useSyncExternalStore(store.subscribe, () => store.getSnapshot().nodes.length === 0);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [dialog, setDialog] = useState<NodeDialog>(null);
  const [snapToGrid, setSnapToGrid] = useState(true);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const clickAdds = useRef(0);

  useLeaveGuard();
  const saveNow = useCallback(() => void save(), [save]);
  useCanvasShortcuts({ store, onSave: saveNow, pointer });

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

  const onDropNode = useCallback(
    (nodeName: string, position: { x: number; y: number }) => {
      const definition = definitions.byName.get(nodeName);
      if (definition) addAt(definition, position);
      setPaletteOpen(false);
    },
    [definitions.byName, addAt],
  );

  const addInView = useCallback(
    (definition: NodeDefinition) => {
      const rect = surface.current?.getBoundingClientRect();
      const center = rect
        ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 3 }
        : { x: 400, y: 300 };
      const step = (clickAdds.current++ % 8) * 24;
      const at = screenToFlowPosition(center);
      addAt(definition, { x: at.x - 150 + step, y: at.y - 60 + step });
    },
    [addAt, screenToFlowPosition],
  );

  const closePalette = useCallback(() => setPaletteOpen(false), []);
  const onRefused = useCallback((reason: string) => notify.info(reason), [notify]);

  const rename = async (next: string) => {
    if (!chatflow) {
      setDraftName(next);
      return;
    }
    try {
      dispatch(setChatflow(await canvasApi.updateChatflow(chatflow.id, { name: next })));
    } catch (error) {
      notify.error(error, { prefix: 'Failed to rename chatflow: ' });
    }
  };

  const loadFile = async (file: File) => {
    const text = await file.text();
    if (!isJsonText(text)) {
      notify.error(`${file.name} is not a JSON file. Choose a flow exported as JSON.`);
      return;
    }
    const doc = documentFromText(text);
    if (doc.nodes.length === 0) {
      notify.error('This file holds no chatflow nodes. Choose a chatflow exported as JSON.');
      return;
    }
    if (doc.nodes.some((node) => isAgentflowNode(node.data))) {
      notify.error('This is an Agentflow file; open it from the Agentflows canvas.');
      return;
    }
    if (
      !isEmpty &&
      !(await confirm({
        title: 'Load chatflow',
        description: `Replace the nodes on this canvas with the ones in “${file.name}”? You can undo this.`,
        confirmButtonName: 'Replace',
      }))
    ) {
      return;
    }
    store.update(() => doc);
    requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1, includeHiddenNodes: true }));
    notify.success(`Loaded ${file.name}`);
  };

  const exportFlow = () => downloadFile(exportFileName(name), exportFileText(store.getSnapshot()));

  // Dialog content follows the document, so edits made in a dialog show in it at once.
  const dialogNode = useSyncExternalStore(store.subscribe, () =>
    dialog ? store.getSnapshot().nodes.find((node) => node.id === dialog.nodeId) : undefined,
  );

  return (
    <NodeDefinitionsContext.Provider value={definitions.byName}>
      <CanvasActionsContext.Provider value={actions}>
        <Box
          sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
        >
          <CanvasHeader
            noun="chatflow"
            name={name}
            isDirty={isDirty}
            saving={saving}
            canUndo={canUndo}
            canRedo={canRedo}
            onBack={() => void navigate('/chatflows')}
            onRename={(next) => void rename(next)}
            onUndo={() => store.undo()}
            onRedo={() => store.redo()}
            onLoadFile={(file) => void loadFile(file)}
            onExport={exportFlow}
            onSave={saveNow}
          />
          <Box ref={surface} sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
            {load.status === 'loading' && <LinearProgress aria-label="Loading chatflow" />}
            {load.status === 'error' && (
              <Alert
                severity="error"
                sx={{ m: 3 }}
                action={
                  <Button color="inherit" onClick={() => void navigate('/chatflows')}>
                    Back to chatflows
                  </Button>
                }
              >
                {errorMessage(load.error, 'This chatflow could not be opened.')}
              </Alert>
            )}
            {load.status === 'ready' && (
              <FlowCanvas
                key={load.key}
                store={store}
                viewport={load.viewport}
                snapToGrid={snapToGrid}
                onToggleSnap={() => setSnapToGrid((on) => !on)}
                onDropNode={onDropNode}
                onRefused={onRefused}
                onCanvasClick={closePalette}
                pointer={pointer}
              />
            )}
            {load.status === 'ready' && isEmpty && !paletteOpen && (
              <EmptyCanvasHint onAddNodes={() => setPaletteOpen(true)} />
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
                          definitions={chatflowNodes}
                          onAdd={addInView}
                          onClose={() => setPaletteOpen(false)}
                        />
                      )}
                    </Box>
                  )}
                </Box>
              </ClickAwayListener>
            )}
            {load.status === 'ready' && (
              <ChatPanel chatflowId={chatflow?.id} isDirty={isDirty} onSave={save} />
            )}
          </Box>
        </Box>
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
        {naming && (
          <SaveFlowDialog
            initialName={naming.initialName === 'Untitled chatflow' ? '' : naming.initialName}
            onCancel={() => naming.resolve(null)}
            onSave={(chosen) => naming.resolve(chosen)}
          />
        )}
      </CanvasActionsContext.Provider>
    </NodeDefinitionsContext.Provider>
  );
}
