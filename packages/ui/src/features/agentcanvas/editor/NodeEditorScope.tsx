import { useCallback, useMemo, type ReactNode } from 'react';
import type { FlowStore } from '../../canvas/document/flowStore';
import {
  OptionsLoaderContext,
  ParamEditorOverrideContext,
  type OptionsLoader,
} from '../../canvas/inputs/paramEditorContext';
import { agentApi } from '../agentApi';
import type { AgentDocument } from '../document/types';
import { loadMethodBody } from '../options/loadMethodBody';
import { useNodeVariables } from '../variables/useNodeVariables';
import { useWorkspaceVariables } from '../variables/useWorkspaceVariables';
import { VariableScopeContext } from '../variables/VariableScopeContext';
import { agentParamEditor } from './agentParamEditor';

/**
 * What the inputs of the v2 node being edited need from the flow: the variables it can use (for
 * `{{ }}` fields), async options loaded with the node's place in the flow (upstream nodes), and
 * the v2 editors (component rows, variable fields).
 */
export function NodeEditorScope({
  store,
  nodeId,
  children,
}: {
  store: FlowStore<AgentDocument>;
  nodeId: string;
  children: ReactNode;
}) {
  const workspace = useWorkspaceVariables();
  const options = useNodeVariables(store, nodeId, workspace.names);
  const scope = useMemo(() => ({ options, note: workspace.note }), [options, workspace.note]);
  const loadOptions = useCallback<OptionsLoader>(
    async (node, param) => {
      if (!param.loadMethod) return [];
      const list = await agentApi.loadOptions(
        node.name,
        loadMethodBody(store.getSnapshot(), node, param.loadMethod),
      );
      return Array.isArray(list) ? list : [];
    },
    [store],
  );
  return (
    <ParamEditorOverrideContext.Provider value={agentParamEditor}>
      <OptionsLoaderContext.Provider value={loadOptions}>
        <VariableScopeContext.Provider value={scope}>{children}</VariableScopeContext.Provider>
      </OptionsLoaderContext.Provider>
    </ParamEditorOverrideContext.Provider>
  );
}
