import type { Viewport } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { canvasApi } from '../canvasApi';
import { removeDirty, setChatflow } from '../canvasSlice';
import { documentFromText, viewportFromText } from '../document/flowFile';
import type { FlowStore } from '../document/flowStore';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; viewport: Viewport | undefined; key: string }
  | { status: 'error'; error: unknown };

/**
 * Opens the flow of the route: `/canvas` starts empty, `/canvas/:id` loads the chatflow into the
 * document (history cleared) and the canvas slice. A flow that was just created and navigated to
 * is already loaded, so it is not fetched again.
 */
export function useChatflowLoader(id: string | undefined, store: FlowStore): LoadState {
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
        store.reset(documentFromText(flow.flowData));
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

  // Leaving the canvas leaves no flow behind in the slice.
  useEffect(
    () => () => {
      dispatch(setChatflow(null));
      dispatch(removeDirty());
    },
    [dispatch],
  );

  return state;
}
