import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NodeDefinition } from '@flowloom/shared';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { componentConfigFor, type ComponentConfig } from './componentChoices';
import { ComponentConfigForm } from './ComponentConfigForm';
import { useComponentChoices } from './useComponentChoices';

/**
 * A `loadConfig` input (AGENTFLOW_V2.md §0.2): a component (chat model, tool) is picked from the
 * node's load method, and that component's own inputs and credential form a sub-form, stored as
 * `<param>Config`. Where the pair is stored is the caller's: node inputs or an array row.
 */
export function ComponentConfigField({
  param,
  data,
  chosen,
  config,
  definitions,
  showLabel = true,
  onChange,
}: {
  param: RichParam;
  /** The v2 node holding the input (choices load through its load method). */
  data: CanvasNodeData;
  chosen: string;
  config: ComponentConfig;
  definitions: readonly NodeDefinition[];
  /** Off inside array rows, where the row shows the field's title above it. */
  showLabel?: boolean;
  onChange: (chosen: string, config: ComponentConfig) => void;
}) {
  const { choices, error } = useComponentChoices(param, data, definitions, chosen);
  const component = definitions.find((item) => item.name === chosen);
  // A component without inputs or credential (Calculator) has no form to show.
  const hasForm =
    !!component?.credential || ((component?.inputs ?? []) as RichParam[]).some((input) => !input.hidden);
  const label = param.label || 'Model';
  const visibleLabel = showLabel ? label : undefined;
  const choose = (name: string) =>
    onChange(
      name,
      componentConfigFor(
        param.name,
        definitions.find((item) => item.name === name),
      ),
    );
  return (
    <Box>
      {choices.length > 0 ? (
        <TextField
          select
          fullWidth
          size="small"
          label={visibleLabel}
          value={chosen}
          onChange={(event) => choose(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        >
          {choices.map((item) => (
            <MenuItem key={item.name} value={item.name}>
              {item.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        // Nothing to list: the name can still be typed, as on the chatflow canvas.
        <TextField
          key={chosen}
          fullWidth
          size="small"
          label={visibleLabel}
          defaultValue={chosen}
          placeholder="Type a name"
          onBlur={(event) => event.target.value !== chosen && choose(event.target.value.trim())}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
      )}
      {error && choices.length === 0 && (
        <Typography variant="caption" color="error" role="alert">
          {error} — you can type a name instead.
        </Typography>
      )}
      {component && hasForm && (
        <ComponentConfigForm
          key={component.name}
          component={component}
          config={config}
          node={data}
          testId={`${param.name}Config-form`}
          onConfig={(values) => onChange(chosen, { ...config, ...values })}
        />
      )}
    </Box>
  );
}
