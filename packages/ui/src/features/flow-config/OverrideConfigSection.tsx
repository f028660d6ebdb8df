import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import type { FlowConfigParam } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { flowConfigApi, type WorkspaceVariable } from './flowConfigApi';
import { readColumn, withKey } from './flowSettings';
import { OverrideConfigTable, paramKey } from './OverrideConfigTable';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

interface StoredOverride {
  status?: boolean;
  nodes?: Record<string, { name: string; enabled?: boolean }[]>;
  variables?: { name: string; enabled?: boolean }[];
}

/** Override Config: `apiConfig.overrideConfig`, the inputs an API call may change (FLOWISE_API.md §1.5). */
export function OverrideConfigSection({ flow, save }: SectionProps) {
  const stored = (readColumn(flow, 'apiConfig').overrideConfig ?? {}) as StoredOverride;
  const [status, setStatus] = useState(stored.status === true);
  const [enabled, setEnabled] = useState(
    () =>
      new Set(
        Object.entries(stored.nodes ?? {}).flatMap(([node, list]) =>
          list.filter((p) => p.enabled !== false).map((p) => paramKey(node, p.name)),
        ),
      ),
  );
  const [enabledVariables, setEnabledVariables] = useState(
    () => new Set((stored.variables ?? []).filter((v) => v.enabled !== false).map((v) => v.name)),
  );
  const [data, setData] = useState<{ params: FlowConfigParam[]; variables: WorkspaceVariable[] } | null>(
    null,
  );
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!status || data) return;
    let cancelled = false;
    Promise.all([flowConfigApi.flowConfig(flow.id), flowConfigApi.variables()]).then(
      ([params, variables]) => !cancelled && setData({ params, variables }),
      (failure: unknown) => !cancelled && setError(failure),
    );
    return () => {
      cancelled = true;
    };
  }, [status, data, flow.id]);

  const toggle = <T,>(set: Set<T>, key: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  };

  const onSave = () => {
    if (!status || !data)
      return save(
        withKey(flow, 'apiConfig', { overrideConfig: { status: false } }),
        'Override Configuration Saved',
      );
    const nodes: Record<string, unknown[]> = {};
    for (const param of data.params) {
      if (!enabled.has(paramKey(param.node, param.name))) continue;
      (nodes[param.node] ??= []).push({
        label: param.label,
        name: param.name,
        type: param.type,
        ...(param.schema && { schema: param.schema }),
        enabled: true,
      });
    }
    const variables = data.variables
      .filter((v) => enabledVariables.has(v.name))
      .map((v) => ({ id: v.id, name: v.name, type: v.type, enabled: true }));
    return save(
      withKey(flow, 'apiConfig', { overrideConfig: { status: true, nodes, variables } }),
      'Override Configuration Saved',
    );
  };

  return (
    <SectionForm
      onSave={onSave}
      disabled={status && !data}
      note="API calls may change only the inputs turned on here (overrideConfig in the request body)."
    >
      <SectionSwitch label="Enable Override Configuration" checked={status} onChange={setStatus} />
      {status && !data && !error && <LinearProgress aria-label="Loading the flow's inputs" />}
      {error !== null && (
        <Alert severity="error">{errorMessage(error, "The flow's inputs could not be loaded.")}</Alert>
      )}
      {status && data && (
        <OverrideConfigTable
          params={data.params}
          variables={data.variables}
          enabled={enabled}
          enabledVariables={enabledVariables}
          onToggle={(param, on) => setEnabled((set) => toggle(set, paramKey(param.node, param.name), on))}
          onToggleVariable={(variable, on) => setEnabledVariables((set) => toggle(set, variable.name, on))}
        />
      )}
    </SectionForm>
  );
}
