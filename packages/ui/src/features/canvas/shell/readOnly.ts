import { createContext, useContext } from 'react';

/**
 * True inside a read-only canvas (a template preview): nodes show their inputs without letting
 * them be edited, and offer no delete, duplicate or connection buttons.
 */
export const CanvasReadOnlyContext = createContext(false);

export function useCanvasReadOnly(): boolean {
  return useContext(CanvasReadOnlyContext);
}
