import type { Chatflow } from '@flowloom/shared';
import { useReactFlow } from '@xyflow/react';
import { useCallback, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import type { RootState } from '../../../app/store';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useNotify } from '../../notifications/useNotify';
import { canvasApi } from '../canvasApi';
import { removeDirty, setChatflow } from '../canvasSlice';
import { findConditionProblem } from '../document/conditionNode';
import { selectOnlyNode } from '../document/editNode';
import { documentToFlowData } from '../document/flowFile';
import type { FlowStore } from '../document/flowStore';

/** Inputs commit on blur: blurring the focused field first puts its last keystrokes in the flow. */
function commitFocusedField() {
  const active = document.activeElement;
  if (active instanceof HTMLElement) active.blur();
}

/**
 * Saving the canvas: the first save asks for a name, creates the chatflow (type CHATFLOW) and
 * moves to `/canvas/:id`; later saves update it. Both clear the dirty flag. A condition node whose
 * condition cannot be saved refuses the save with its alert. Resolves to the saved chatflow, or
 * null when the user cancelled or the save was refused or failed (the reason is shown).
 */
export function useSaveChatflow(store: FlowStore, draftName: string) {
  const redux = useStore<RootState>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const { getViewport, fitView } = useReactFlow();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((name: string | null) => void) | null>(null);

  const askName = () =>
    new Promise<string | null>((resolve) => {
      answer.current = resolve;
      setAsking(true);
    });

  const resolveName = useCallback((name: string | null) => {
    setAsking(false);
    answer.current?.(name);
    answer.current = null;
  }, []);

  const save = useCallback(async (): Promise<Chatflow | null> => {
    commitFocusedField();
    // A condition that cannot be saved (SPEC §5) keeps the flow unsaved: the alert stays on screen
    // until closed, and the node is selected and brought into view.
    const problem = findConditionProblem(store.getSnapshot());
    if (problem) {
      notify.error(problem.alert, { persist: true });
      store.update((doc) => selectOnlyNode(doc, problem.node.id), { record: false, dirty: false });
      void fitView({ nodes: [{ id: problem.node.id }], maxZoom: 1, duration: 300 });
      return null;
    }
    const existing = redux.getState().canvas.chatflow;
    const flowData = JSON.stringify(documentToFlowData(store.getSnapshot(), getViewport()));
    try {
      if (existing) {
        setSaving(true);
        const updated = await canvasApi.updateChatflow(existing.id, { name: existing.name, flowData });
        dispatch(setChatflow(updated));
        dispatch(removeDirty());
        notify.success('Chatflow saved');
        return updated;
      }
      // Already asking (Ctrl+S pressed again while the name dialog is open).
      if (answer.current) return null;
      const name = await askName();
      if (name === null) return null;
      setSaving(true);
      const created = await canvasApi.createChatflow({ name, flowData, type: 'CHATFLOW' });
      dispatch(setChatflow(created));
      dispatch(removeDirty());
      notify.success('Chatflow saved');
      void navigate(`/canvas/${created.id}`, { replace: true });
      return created;
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save chatflow: ' });
      return null;
    } finally {
      setSaving(false);
    }
  }, [redux, store, getViewport, fitView, dispatch, notify, navigate]);

  return { save, saving, naming: asking ? { initialName: draftName, resolve: resolveName } : null };
}
