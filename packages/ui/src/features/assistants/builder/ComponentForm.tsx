import Alert from '@mui/material/Alert';
import type { NodeDefinition } from '@flowloom/shared';
import { ComponentInputsForm } from '../../../components/nodeForm/ComponentInputsForm';
import { CREDENTIAL_KEY, findComponent, type ComponentDraft } from './assistantDraft';

/** The settings form of a chosen chat model or tool (its credential first), or why there is none. */
export function ComponentForm({
  offered,
  draft,
  testId,
  onChange,
}: {
  offered: readonly NodeDefinition[];
  draft: ComponentDraft;
  testId: string;
  onChange: (draft: ComponentDraft) => void;
}) {
  const component = findComponent(offered, draft.name);
  if (!component)
    return (
      <Alert severity="warning" sx={{ mt: 1.5 }}>
        &quot;{draft.name}&quot; is not available in this version of Flowloom: choose another.
      </Alert>
    );
  return (
    <ComponentInputsForm
      component={component}
      values={draft.values}
      credentialKey={CREDENTIAL_KEY}
      testId={testId}
      onChange={(patch) => onChange({ ...draft, values: { ...draft.values, ...patch } })}
    />
  );
}
