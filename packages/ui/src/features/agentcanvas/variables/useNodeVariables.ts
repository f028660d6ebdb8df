import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FlowStore } from '../../canvas/document/flowStore';
import type { AgentDocument } from '../document/types';
import { availableVariables, type VariableOption } from './availableVariables';

/**
 * The variables node `nodeId` can use, kept up to date with the flow (new edges, renamed nodes,
 * state keys) but stable while only positions change, so dragging never re-renders the fields.
 */
export function useNodeVariables(
  store: FlowStore<AgentDocument>,
  nodeId: string,
  workspaceVariables: readonly string[],
): readonly VariableOption[] {
  const cache = useRef<{ key: string; options: VariableOption[] } | null>(null);
  const getSnapshot = useCallback(() => {
    const options = availableVariables(store.getSnapshot(), nodeId, { workspaceVariables, nodeOutput: true });
    const key = JSON.stringify(options);
    if (cache.current?.key !== key) cache.current = { key, options };
    return cache.current.options;
  }, [store, nodeId, workspaceVariables]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
