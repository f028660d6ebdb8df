import type { NodeDefinition } from '@flowloom/shared';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch } from '../../../app/useAppDispatch';
import { useAppSelector } from '../../../app/useAppSelector';
import { canvasApi } from '../canvasApi';
import { setComponentNodes } from '../canvasSlice';

export interface NodeDefinitions {
  list: NodeDefinition[];
  byName: ReadonlyMap<string, NodeDefinition>;
  /** Why the list could not be loaded, when it could not. */
  error: unknown;
}

/** The server's node types (`GET /nodes`), loaded once per session into the canvas slice. */
export function useNodeDefinitions(): NodeDefinitions {
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.canvas.componentNodes);
  const [error, setError] = useState<unknown>();
  const empty = list.length === 0;

  useEffect(() => {
    if (!empty) return;
    canvasApi.nodes().then(
      (nodes) => dispatch(setComponentNodes(nodes)),
      (e: unknown) => setError(e),
    );
  }, [empty, dispatch]);

  const byName = useMemo(() => new Map(list.map((node) => [node.name, node])), [list]);
  return { list, byName, error };
}
