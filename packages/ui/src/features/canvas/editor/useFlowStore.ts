import { useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { setDirty } from '../canvasSlice';
import { FlowStore } from '../document/flowStore';

/** The flow document of this canvas; any edit sets the canvas slice's dirty flag (once). */
export function useFlowStore(): FlowStore {
  const redux = useStore<RootState>();
  const [store] = useState(
    () =>
      new FlowStore(undefined, () => {
        if (!redux.getState().canvas.isDirty) redux.dispatch(setDirty());
      }),
  );
  return store;
}
