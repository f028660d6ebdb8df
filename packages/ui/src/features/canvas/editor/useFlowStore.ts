import { useState } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { setDirty } from '../canvasSlice';
import { FlowStore, type AnyFlowDocument } from '../document/flowStore';
import type { FlowDocument } from '../document/types';

/** The flow document of this canvas; any edit sets the canvas slice's dirty flag (once). */
export function useFlowStore<D extends AnyFlowDocument = FlowDocument>(): FlowStore<D> {
  const redux = useStore<RootState>();
  const [store] = useState(
    () =>
      new FlowStore<D>(undefined, () => {
        if (!redux.getState().canvas.isDirty) redux.dispatch(setDirty());
      }),
  );
  return store;
}
