import { createContext } from 'react';
import type { FlowStore } from '../document/flowStore';
import type { FlowDocument } from '../document/types';

/**
 * What the variable picker of the V1 agents canvas reads: the flow (for the earlier nodes of the
 * node being edited) and the workspace variables, loaded once for the canvas. Absent elsewhere.
 */
export interface SequentialScope {
  store: FlowStore<FlowDocument>;
  workspaceVariables: readonly string[];
  /** Shown under the list, e.g. why workspace variables are missing. */
  note: string;
}

export const SequentialScopeContext = createContext<SequentialScope | null>(null);
