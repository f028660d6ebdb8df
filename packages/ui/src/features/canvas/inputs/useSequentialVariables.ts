import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { VariableOption } from '../../agentcanvas/variables/availableVariables';
import { sequentialVariables } from '../document/sequentialVariables';
import type { SequentialScope } from './sequentialScope';

/**
 * The variables a Sequential Agents input of node `nodeId` offers, following the flow (new edges,
 * renamed nodes) but stable while only positions change, so dragging never re-renders the field.
 */
export function useSequentialVariables(scope: SequentialScope, nodeId: string): readonly VariableOption[] {
  const cache = useRef<{ key: string; options: VariableOption[] } | null>(null);
  const { store, workspaceVariables } = scope;
  const getSnapshot = useCallback(() => {
    const options = sequentialVariables(store.getSnapshot(), nodeId, workspaceVariables);
    const key = JSON.stringify(options);
    if (cache.current?.key !== key) cache.current = { key, options };
    return cache.current.options;
  }, [store, nodeId, workspaceVariables]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
