import {
  overrideSettingsOf,
  type Chatflow,
  type FlowConfigParam,
  type OverrideConfigSettings,
  type Variable,
} from '@flowloom/shared';
import { useMemo } from 'react';
import { useApiQuery } from '../../../api/useApiQuery';
import { apiDialogApi } from './apiDialogApi';

/** A flow's overridable inputs, the workspace's variables and the flow's saved override switches. */
export interface FlowOverrides {
  params: FlowConfigParam[] | undefined;
  variables: Variable[];
  settings: OverrideConfigSettings;
  error: unknown;
  loading: boolean;
}

export function useFlowOverrides(chatflow: Chatflow, canViewVariables: boolean): FlowOverrides {
  const params = useApiQuery(() => apiDialogApi.flowConfig(chatflow.id), [chatflow.id, chatflow.flowData]);
  // Without the permission the variables are not asked for (a refusal would leave the page).
  const variables = useApiQuery(
    () => (canViewVariables ? apiDialogApi.variables() : Promise.resolve([])),
    [canViewVariables],
  );
  const settings = useMemo(() => overrideSettingsOf(chatflow.apiConfig), [chatflow.apiConfig]);
  return {
    params: params.data,
    variables: variables.data ?? [],
    settings,
    error: params.error ?? variables.error,
    loading: params.loading || variables.loading,
  };
}
