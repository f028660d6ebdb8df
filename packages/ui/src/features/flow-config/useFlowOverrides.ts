import {
  overrideSettingsOf,
  type Chatflow,
  type FlowConfigParam,
  type OverridableVariable,
  type OverrideConfigSettings,
} from '@flowloom/shared';
import { useMemo } from 'react';
import { useApiQuery } from '../../api/useApiQuery';
import { flowConfigApi } from './flowConfigApi';

/** A flow's overridable inputs, the workspace's variables and the flow's saved override switches. */
export interface FlowOverrides {
  params: FlowConfigParam[] | undefined;
  variables: OverridableVariable[];
  settings: OverrideConfigSettings;
  error: unknown;
  loading: boolean;
}

/**
 * What the override table (Configuration and API dialogs) shows and the API examples send. Without
 * `canViewVariables` the variables are not asked for: the refusal would show as the table's error.
 */
export function useFlowOverrides(chatflow: Chatflow, canViewVariables: boolean): FlowOverrides {
  const params = useApiQuery(() => flowConfigApi.flowConfig(chatflow.id), [chatflow.id, chatflow.flowData]);
  const variables = useApiQuery(
    () => (canViewVariables ? flowConfigApi.variables() : Promise.resolve([])),
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
