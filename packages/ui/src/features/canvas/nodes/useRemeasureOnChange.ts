import { useUpdateNodeInternals } from '@xyflow/react';
import { useEffect, useRef } from 'react';

/**
 * Tells React Flow to measure a node's handles again when `key` changes (inputs shown or hidden,
 * another output chosen). Not on mount: React Flow measures new nodes itself, and hundreds of
 * extra measurements would slow opening a large flow.
 */
export function useRemeasureOnChange(nodeId: string, key: string): void {
  const updateNodeInternals = useUpdateNodeInternals();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    updateNodeInternals(nodeId);
  }, [key, nodeId, updateNodeInternals]);
}
