import Box from '@mui/material/Box';
import type { NodeDefinition } from '@flowloom/shared';
import { ComponentInputsForm } from '../../../components/nodeForm/ComponentInputsForm';
import type { CanvasNodeData } from '../../canvas/document/types';
import type { ComponentConfig } from './componentChoices';

/**
 * The own form of the component a `loadConfig` input picked (a chat model, a tool): its
 * credential, stored as `FLOWISE_CREDENTIAL_ID`, and its inputs shown under the config's values,
 * the additional ones behind "More parameters".
 */
export function ComponentConfigForm({
  component,
  config,
  node,
  testId,
  onConfig,
}: {
  component: NodeDefinition;
  config: ComponentConfig;
  /**
   * The v2 node holding the input: its fields load their options for its place in the flow, as a
   * node of the component's type (the form names the node after the component).
   */
  node: CanvasNodeData;
  testId: string;
  onConfig: (values: ComponentConfig) => void;
}) {
  return (
    <Box sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
      <ComponentInputsForm
        component={component}
        values={config}
        node={node}
        testId={testId}
        onChange={onConfig}
      />
    </Box>
  );
}
