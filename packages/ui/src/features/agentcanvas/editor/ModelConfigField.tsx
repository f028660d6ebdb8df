import Box from '@mui/material/Box';
import type { NodeDefinition } from '@flowloom/shared';
import { useMemo } from 'react';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import type { ComponentConfig } from '../componentConfig/componentChoices';
import { ComponentConfigField } from '../componentConfig/ComponentConfigField';

/**
 * A `loadConfig` input of the node itself (the model of an LLM or Agent, the tool of a Tool node):
 * the choice in `inputs[<param>]`, the component's form in `inputs[<param>Config]`.
 */
export function ModelConfigField({
  param,
  data,
  definitions,
  onChange,
}: {
  param: RichParam;
  data: CanvasNodeData;
  definitions: readonly NodeDefinition[];
  onChange: (values: Record<string, unknown>) => void;
}) {
  const configName = `${param.name}Config`;
  const chosen = typeof data.inputs[param.name] === 'string' ? (data.inputs[param.name] as string) : '';
  const stored = data.inputs[configName];
  const config: ComponentConfig = useMemo(
    () => (stored && typeof stored === 'object' ? (stored as ComponentConfig) : {}),
    [stored],
  );
  return (
    <Box sx={{ mb: 1.5 }} data-param={param.name}>
      <ComponentConfigField
        param={param}
        data={data}
        chosen={chosen}
        config={config}
        definitions={definitions}
        onChange={(name, next) => onChange({ [param.name]: name, [configName]: next })}
      />
    </Box>
  );
}
