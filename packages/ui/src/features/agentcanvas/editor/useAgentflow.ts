import type { Chatflow } from '@flowloom/shared';
import { useReactFlow, type Viewport } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import type { RootState } from '../../../app/store';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { canvasApi } from '../../canvas/canvasApi';
import { removeDirty, setChatflow } from '../../canvas/canvasSlice';
import { viewportFromText } from '../../canvas/document/flowFile';
import type { FlowStore } from '../../canvas/document/flowStore';
import { useNotify } from '../../notifications/useNotify';
import { agentApi } from '../agentApi';
import { agentDocumentFromText, agentDocumentToFlowData } from '../document/flowFile';
import type { AgentDocument } from '../document/types';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; viewport: Viewport | undefined; key: string }
  | { status: 'error'; error: unknown };

/** Opens the agentflow of the route (`/v2/agentcanvas` starts empty). */
export function useAgentflowLoader(id: string | undefined, store: FlowStore<AgentDocument>): LoadState {
  const dispatch = useAppDispatch();
  const redux = useStore<RootState>();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    if (!id) {
      dispatch(setChatflow(null));
      dispatch(removeDirty());
      store.reset({ nodes: [], edges: [] });
      setState({ status: 'ready', viewport: undefined, key: 'new' });
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
        store.reset(agentDocumentFromText(flow.flowData));
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
  }, [id, store, dispatch, redux]);

  useEffect(
    () => () => {
      dispatch(setChatflow(null));
      dispatch(removeDirty());
    },
    [dispatch],
  );
  return state;
}

/**
 * Saving: the first save asks for a name and creates the flow as type AGENTFLOW, then moves to
 * `/v2/agentcanvas/:id`; later saves update it.
 */
export function useSaveAgentflow(store: FlowStore<AgentDocument>) {
  const redux = useStore<RootState>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const { getViewport } = useReactFlow();
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((name: string | null) => void) | null>(null);

  const resolveName = useCallback((name: string | null) => {
    setAsking(false);
    answer.current?.(name);
    answer.current = null;
  }, []);

  const save = useCallback(async (): Promise<Chatflow | null> => {
    const active = document.activeElement;
    if (active instanceof HTMLElement) active.blur();
    const existing = redux.getState().canvas.chatflow;
    const flowData = JSON.stringify(agentDocumentToFlowData(store.getSnapshot(), getViewport()));
    try {
      if (existing) {
        setSaving(true);
        const updated = await canvasApi.updateChatflow(existing.id, { name: existing.name, flowData });
        dispatch(setChatflow(updated));
        dispatch(removeDirty());
        notify.success('Agentflow saved');
        return updated;
      }
      if (answer.current) return null;
      const name = await new Promise<string | null>((resolve) => {
        answer.current = resolve;
        setAsking(true);
      });
      if (name === null) return null;
      setSaving(true);
      const created = await agentApi.createAgentflow({ name, flowData });
      dispatch(setChatflow(created));
      dispatch(removeDirty());
      notify.success('Agentflow saved');
      void navigate(`/v2/agentcanvas/${created.id}`, { replace: true });
      return created;
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save agentflow: ' });
      return null;
    } finally {
      setSaving(false);
    }
  }, [redux, store, getViewport, dispatch, notify, navigate]);

  return { save, saving, naming: asking ? { resolve: resolveName } : null };
}
