import type { Chatflow } from '@flowloom/shared';
import { useReactFlow, type Viewport } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import type { RootState } from '../../../app/store';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { templateFlowDataOf } from '../../marketplace/templates';
import { useNotify } from '../../notifications/useNotify';
import { canvasApi } from '../canvasApi';
import { removeDirty, setChatflow } from '../canvasSlice';
import { viewportFromText } from '../document/flowFile';
import { FlowStore } from '../document/flowStore';
import { useFlowStore } from '../editor/useFlowStore';
import { takeDuplicatedFlow } from '../editor/duplicatedFlow';
import type { CanvasKind, ShellDocument } from './canvasKind';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; viewport: Viewport | undefined; key: string }
  | { status: 'error'; error: unknown };

/** Everything the canvas shell needs of the flow it shows: document, load state, name, saving. */
export interface FlowEditorState<D extends ShellDocument> {
  kind: CanvasKind<D>;
  store: FlowStore<D>;
  load: LoadState;
  name: string;
  chatflow: Chatflow | null;
  isDirty: boolean;
  /** Absent in a read-only canvas. */
  editing?: {
    save: () => Promise<Chatflow | null>;
    saving: boolean;
    /** Set while the first save asks for a name. */
    naming: { initialName: string; resolve: (name: string | null) => void } | null;
    rename: (name: string) => Promise<void>;
  };
}

/**
 * Opens the flow of the route into `store`: no id starts empty (or with the marketplace template
 * passed in the router state, unsaved and dirty), an id loads the flow (history
 * cleared) and puts it in the canvas slice. A flow that was just created and navigated to is
 * already loaded, so it is not fetched again. Leaving the canvas leaves no flow in the slice.
 */
function useFlowLoader<D extends ShellDocument>(
  kind: CanvasKind<D>,
  id: string | undefined,
  store: FlowStore<D>,
): LoadState {
  const dispatch = useAppDispatch();
  const redux = useStore<RootState>();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const template = templateFlowDataOf(useLocation().state);
  // A flow duplicated from another tab, taken once (a ref survives effects that run twice).
  const duplicated = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!id) {
      dispatch(setChatflow(null));
      dispatch(removeDirty());
      store.reset(kind.fromText(null));
      // "Use Template" (SHARING.md §1.4) or a duplicated flow: opened unsaved (dirty), so saving asks
      // for a name and creates a new flow.
      const copy = template ?? (duplicated.current ??= takeDuplicatedFlow());
      if (copy) store.update(() => kind.fromText(copy), { record: false });
      setState({
        status: 'ready',
        viewport: copy ? viewportFromText(copy) : undefined,
        key: template ? 'template' : 'new',
      });
      return;
    }
    if (redux.getState().canvas.chatflow?.id === id) {
      setState((current) =>
        current.status === 'ready' ? current : { status: 'ready', viewport: undefined, key: id },
      );
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    canvasApi.chatflow(id).then(
      (flow) => {
        if (cancelled) return;
        store.reset(kind.fromText(flow.flowData));
        dispatch(setChatflow(flow));
        dispatch(removeDirty());
        setState({ status: 'ready', viewport: viewportFromText(flow.flowData), key: id });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [kind, id, store, dispatch, redux, template]);

  useEffect(
    () => () => {
      dispatch(setChatflow(null));
      dispatch(removeDirty());
    },
    [dispatch],
  );

  return state;
}

/** Inputs commit on blur: blurring the focused field first puts its last keystrokes in the flow. */
function commitFocusedField() {
  const active = document.activeElement;
  if (active instanceof HTMLElement) active.blur();
}

/**
 * Saving: the first save asks for a name, creates the flow with the kind's type and moves to
 * `<editorPath>/:id`; later saves update it. Both clear the dirty flag. A flow the kind finds a
 * problem in is not saved: its alert stays on screen and the node is selected and shown.
 * Resolves to the saved flow, or null when cancelled, refused or failed (the reason is shown).
 */
function useSaveFlow<D extends ShellDocument>(kind: CanvasKind<D>, store: FlowStore<D>, draftName: string) {
  const redux = useStore<RootState>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const { getViewport, fitView } = useReactFlow();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((name: string | null) => void) | null>(null);

  const resolveName = useCallback((name: string | null) => {
    setAsking(false);
    answer.current?.(name);
    answer.current = null;
  }, []);

  const save = useCallback(async (): Promise<Chatflow | null> => {
    commitFocusedField();
    const problem = kind.saveProblem?.(store.getSnapshot());
    if (problem) {
      notify.error(problem.alert, { persist: true });
      const selectOnly = kind.selectOnly;
      if (selectOnly) store.update((doc) => selectOnly(doc, problem.nodeId), { record: false, dirty: false });
      void fitView({ nodes: [{ id: problem.nodeId }], maxZoom: 1, duration: 300 });
      return null;
    }
    const existing = redux.getState().canvas.chatflow;
    const flowData = JSON.stringify(kind.toFlowData(store.getSnapshot(), getViewport()));
    const saved = (flow: Chatflow) => {
      dispatch(setChatflow(flow));
      dispatch(removeDirty());
      notify.success(`${kind.Noun} saved`);
      return flow;
    };
    try {
      if (existing) {
        setSaving(true);
        return saved(await canvasApi.updateChatflow(existing.id, { name: existing.name, flowData }));
      }
      // Already asking (Ctrl+S pressed again while the name dialog is open).
      if (answer.current) return null;
      const name = await new Promise<string | null>((resolve) => {
        answer.current = resolve;
        setAsking(true);
      });
      if (name === null) return null;
      setSaving(true);
      const created = saved(await canvasApi.createChatflow({ name, flowData, type: kind.flowType }));
      void navigate(`${kind.editorPath}/${created.id}`, { replace: true });
      return created;
    } catch (error) {
      notify.error(error, { prefix: `Failed to save ${kind.noun}: ` });
      return null;
    } finally {
      setSaving(false);
    }
  }, [kind, redux, store, getViewport, fitView, dispatch, notify, navigate]);

  const initialName = draftName === kind.untitled ? '' : draftName;
  return { save, saving, naming: asking ? { initialName, resolve: resolveName } : null };
}

/** A flow open for editing. */
export type EditableFlow<D extends ShellDocument> = FlowEditorState<D> &
  Required<Pick<FlowEditorState<D>, 'editing'>>;

/** The flow of the route, opened for editing: load, name, rename and save. */
export function useFlowEditor<D extends ShellDocument>(
  kind: CanvasKind<D>,
  id: string | undefined,
): EditableFlow<D> {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const chatflow = useAppSelector((state) => state.canvas.chatflow);
  const isDirty = useAppSelector((state) => state.canvas.isDirty);
  const store = useFlowStore<D>();
  const load = useFlowLoader(kind, id, store);
  const [draftName, setDraftName] = useState(kind.untitled);
  const name = chatflow?.name ?? draftName;
  const { save, saving, naming } = useSaveFlow(kind, store, draftName);

  const rename = useCallback(
    async (next: string) => {
      if (!chatflow) {
        setDraftName(next);
        return;
      }
      try {
        dispatch(setChatflow(await canvasApi.updateChatflow(chatflow.id, { name: next })));
      } catch (error) {
        notify.error(error, { prefix: `Failed to rename ${kind.noun}: ` });
      }
    },
    [chatflow, dispatch, notify, kind.noun],
  );

  return { kind, store, load, name, chatflow, isDirty, editing: { save, saving, naming, rename } };
}

/** What a read-only canvas (a template preview) shows and offers. */
export interface CanvasPreviewProps {
  flowData: string;
  name: string;
  /** What the preview offers in its header ("Use template"). */
  actions?: ReactNode;
  onBack: () => void;
  backLabel: string;
}

/** Where the shell of a canvas leads back to and what its header adds (a preview's). */
export type ShellPlacement = Pick<CanvasPreviewProps, 'actions' | 'onBack' | 'backLabel'>;

/**
 * A flow shown read-only: its document from `flowData`, nothing to save, and the preview's
 * header placement for the shell.
 */
export function useFlowPreview<D extends ShellDocument>(
  kind: CanvasKind<D>,
  { flowData, name, ...shell }: CanvasPreviewProps,
): { editor: FlowEditorState<D>; shell: ShellPlacement } {
  const [store] = useState(() => new FlowStore<D>(kind.fromText(flowData)));
  const [load] = useState<LoadState>(() => ({
    status: 'ready',
    viewport: viewportFromText(flowData),
    key: 'preview',
  }));
  return { editor: { kind, store, load, name, chatflow: null, isDirty: false }, shell };
}
