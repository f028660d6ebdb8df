import { createContext, useContext } from 'react';
import type { VariableOption } from './availableVariables';

/** The variables of the node being edited, for its `{{ }}` fields. */
export interface VariableScope {
  /** Everything the node may use, its own `output` included (fields filter that out). */
  options: readonly VariableOption[];
  /** Shown under the list, e.g. why workspace variables are missing. */
  note: string;
}

export const VariableScopeContext = createContext<VariableScope>({ options: [], note: '' });

export function useVariableScope(): VariableScope {
  return useContext(VariableScopeContext);
}
