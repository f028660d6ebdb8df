import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Fab from '@mui/material/Fab';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import type { NodeDefinition } from '@flowloom/shared';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errorMessage';
import { useConfirm } from '../../confirm/useConfirm';
import { downloadFile } from '../../export-import/downloadFile';
import { useNotify } from '../../notifications/useNotify';
import { isJsonText } from '../document/flowFile';
import { CanvasHeader } from '../editor/CanvasHeader';
import { EmptyCanvasHint } from '../editor/EmptyCanvasHint';
import { FlowSettingsMenu, type FlowSettingsExtras } from '../editor/FlowSettingsMenu';
import { SaveFlowDialog } from '../editor/SaveFlowDialog';
import { useLeaveGuard } from '../editor/useLeaveGuard';
import type { NodeDefinitions } from '../editor/useNodeDefinitions';
import { NodeDefinitionsContext } from '../editor/CanvasActionsContext';
import { NodePalette } from '../palette/NodePalette';
import type { ShellDocument } from './canvasKind';
import { FlowSurface } from './FlowSurface';
import { CanvasReadOnlyContext } from './readOnly';
import { useCanvasShortcuts } from './useCanvasShortcuts';
import type { FlowEditorState } from './useFlowEditor';

function LeaveGuard() {
  useLeaveGuard();
  return null;
}

/** The "Add nodes" button and the palette of the node types this canvas offers. */
function PaletteButton({
  open,
  onOpen,
  offered,
  error,
  onAdd,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  offered: readonly NodeDefinition[];
  /** Why the node list could not be loaded, when it could not. */
  error: unknown;
  onAdd: (definition: NodeDefinition) => void;
}) {
  return (
    <ClickAwayListener onClickAway={() => onOpen(false)} mouseEvent="onMouseDown">
      <Box sx={{ position: 'absolute', top: 20, left: 20, zIndex: 5 }}>
        <Tooltip title={open ? 'Close' : 'Add nodes'} placement="right">
          <Fab
            size="medium"
            color="primary"
            aria-label={open ? 'Close node list' : 'Add nodes'}
            aria-expanded={open}
            onClick={() => onOpen(!open)}
          >
            {open ? <CloseIcon /> : <AddIcon />}
          </Fab>
        </Tooltip>
        {open && (
          <Box sx={{ mt: 1.5 }}>
            {error !== undefined && offered.length === 0 ? (
              <Alert severity="error" sx={{ width: 360 }}>
                {errorMessage(error, 'The node list could not be loaded.')}
              </Alert>
            ) : (
              <NodePalette definitions={offered} onAdd={onAdd} onClose={() => onOpen(false)} />
            )}
          </Box>
        )}
      </Box>
    </ClickAwayListener>
  );
}

/**
 * The frame every canvas shares: header (back, name with rename, unsaved marker, undo/redo,
 * load/export, Save, a slot for the kind's buttons), the flow surface with its kind's renderers,
 * the node palette, keyboard shortcuts, the leave-page prompt and the first-save name dialog.
 * What differs by kind comes from `editor.kind`; the chat and node editors are `children`, drawn
 * over the flow once it is open, and dialogs are `dialogs`.
 *
 * Without `editor.editing` the canvas is read-only (a template preview): no palette, no edits,
 * nothing to save, and `actions` hold what the preview offers ("Use template").
 */
export function CanvasShell<D extends ShellDocument>({
  editor,
  definitions,
  onAddNode,
  onPaneClick,
  onNodeClick,
  actions,
  onBack,
  backLabel,
  children,
  dialogs,
  settings,
}: {
  editor: FlowEditorState<D>;
  /** The server's node types (the editor loads them once, for the shell and its own panels). */
  definitions: NodeDefinitions;
  /** A palette node was dropped or clicked: add it at this flow position (top left of the node). */
  onAddNode?: (definition: NodeDefinition, position: { x: number; y: number }) => void;
  onPaneClick?: () => void;
  onNodeClick?: () => void;
  /** Buttons in the header before Save (API, settings; "Use template" on a preview). */
  actions?: ReactNode;
  /** Where the back button goes; the kind's list page by default. */
  onBack?: () => void;
  backLabel?: string;
  /** Drawn over the open flow: the chat, a node editor. */
  children?: ReactNode;
  dialogs?: ReactNode;
  /** What the kind adds to the settings menu (upsert history; dialogs owned elsewhere). */
  settings?: FlowSettingsExtras;
}) {
  const { kind, store, load, name, editing } = editor;
  const readOnly = editing === undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const confirm = useConfirm();
  const { screenToFlowPosition, fitView } = useReactFlow();
  const offered = useMemo(() => definitions.list.filter(kind.offers), [definitions.list, kind]);
  const canUndo = useSyncExternalStore(store.subscribe, () => store.canUndo);
  const canRedo = useSyncExternalStore(store.subscribe, () => store.canRedo);
  const isEmpty = useSyncExternalStore(store.subscribe, () => store.getSnapshot().nodes.length === 0);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const clickAdds = useRef(0);

  const save = editing?.save;
  const saveNow = useCallback(() => void save?.(), [save]);
  useCanvasShortcuts({ kind, store, onSave: readOnly ? undefined : saveNow, pointer });

  const { dropOffset } = kind.surface;
  const onDropNode = useCallback(
    (nodeName: string, position: { x: number; y: number }) => {
      const definition = definitions.byName.get(nodeName);
      if (definition) onAddNode?.(definition, position);
      setPaletteOpen(false);
    },
    [definitions.byName, onAddNode],
  );

  // A clicked palette node lands in view, each next one a little further down and right.
  const addInView = useCallback(
    (definition: NodeDefinition) => {
      const rect = surface.current?.getBoundingClientRect();
      const step = (clickAdds.current++ % 8) * 24;
      const at = rect
        ? { x: rect.left + rect.width / 2 + dropOffset.x, y: rect.top + rect.height / 3 + dropOffset.y }
        : { x: 400, y: 300 };
      const position = screenToFlowPosition(at);
      onAddNode?.(definition, { x: position.x + step, y: position.y + step });
      if (kind.surface.closePaletteOnAdd) setPaletteOpen(false);
    },
    [onAddNode, screenToFlowPosition, dropOffset, kind.surface.closePaletteOnAdd],
  );

  const onRefused = useCallback((reason: string) => notify.info(reason), [notify]);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  const paneClick = useCallback(() => {
    setPaletteOpen(false);
    onPaneClick?.();
  }, [onPaneClick]);
  const nodeClick = useCallback(() => {
    setPaletteOpen(false);
    onNodeClick?.();
  }, [onNodeClick]);

  const loadFile = async (file: File) => {
    const text = await file.text();
    if (!isJsonText(text)) {
      notify.error(`${file.name} is not a JSON file. Choose a flow exported as JSON.`);
      return;
    }
    const doc = kind.fromText(text);
    const refusal = kind.refuseFile(doc);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    if (
      store.getSnapshot().nodes.length > 0 &&
      !(await confirm({
        title: `Load ${kind.noun}`,
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

  const exportFlow = () => {
    const file = kind.exportFile(name, store.getSnapshot());
    downloadFile(file.fileName, file.text);
  };

  const backToList = () => void navigate(kind.listPath);
  const listName = kind.listName ?? `${kind.noun}s`;
  const ready = load.status === 'ready';

  return (
    <NodeDefinitionsContext.Provider value={definitions.byName}>
      <CanvasReadOnlyContext.Provider value={readOnly}>
        {editing && <LeaveGuard />}
        <Box
          sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
        >
          <CanvasHeader
            noun={kind.noun}
            name={name}
            onBack={onBack ?? backToList}
            backLabel={backLabel ?? `Back to ${listName}`}
            actions={actions}
            settings={
              editing && (
                <FlowSettingsMenu
                  editor={editor}
                  onLoadFile={(file) => void loadFile(file)}
                  onExport={exportFlow}
                  {...(settings && { extras: settings })}
                />
              )
            }
            {...(editing && {
              edit: {
                isDirty: editor.isDirty,
                saving: editing.saving,
                canUndo,
                canRedo,
                onRename: (next) => void editing.rename(next),
                onUndo: () => store.undo(),
                onRedo: () => store.redo(),
                onLoadFile: (file) => void loadFile(file),
                onExport: exportFlow,
                onSave: saveNow,
                saveTitle: `Save ${kind.Noun}`,
              },
            })}
          />
          <Box ref={surface} sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
            {load.status === 'loading' && <LinearProgress aria-label={`Loading ${kind.noun}`} />}
            {load.status === 'error' && (
              <Alert
                severity="error"
                sx={{ m: 3 }}
                action={
                  <Button color="inherit" onClick={backToList}>
                    Back to {listName}
                  </Button>
                }
              >
                {errorMessage(load.error, `The ${kind.noun} could not be opened.`)}
              </Alert>
            )}
            {ready && (
              <FlowSurface
                key={load.key}
                kind={kind}
                store={store}
                viewport={load.viewport}
                readOnly={readOnly}
                onDropNode={onDropNode}
                onRefused={onRefused}
                onPaneClick={paneClick}
                onNodeClick={nodeClick}
                pointer={pointer}
              />
            )}
            {ready && !readOnly && isEmpty && !paletteOpen && (
              <EmptyCanvasHint onAddNodes={() => setPaletteOpen(true)} />
            )}
            {ready && !readOnly && (
              <PaletteButton
                open={paletteOpen}
                onOpen={(open) => (open ? setPaletteOpen(true) : closePalette())}
                offered={offered}
                error={definitions.error}
                onAdd={addInView}
              />
            )}
            {ready && children}
          </Box>
        </Box>
        {dialogs}
        {editing?.naming && (
          <SaveFlowDialog
            noun={kind.Noun}
            initialName={editing.naming.initialName}
            onCancel={() => editing.naming?.resolve(null)}
            onSave={(chosen) => editing.naming?.resolve(chosen)}
          />
        )}
      </CanvasReadOnlyContext.Provider>
    </NodeDefinitionsContext.Provider>
  );
}
