import type { NodeDefinition } from '@flowloom/shared';
import { createContext, useContext } from 'react';

/** The node catalogue, for `loadConfig` inputs edited deep inside other editors (array rows). */
export const ComponentDefinitionsContext = createContext<readonly NodeDefinition[]>([]);

export function useComponentDefinitions(): readonly NodeDefinition[] {
  return useContext(ComponentDefinitionsContext);
}
