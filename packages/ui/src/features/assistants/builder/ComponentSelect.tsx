import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { NodeDefinition } from '@flowloom/shared';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';

/** A drop-down of node types (chat models, tools), each with its icon; a type no longer offered shows its name. */
export function ComponentSelect({
  label,
  options,
  value,
  disabled = false,
  onChange,
}: {
  label: string;
  options: readonly NodeDefinition[];
  value: string | undefined;
  disabled?: boolean;
  onChange: (component: NodeDefinition) => void;
}) {
  const unknown = value && !options.some((option) => option.name === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => {
        const chosen = options.find((option) => option.name === event.target.value);
        if (chosen) onChange(chosen);
      }}
    >
      {unknown && (
        <MenuItem value={value} disabled>
          {value} (not available)
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.name} value={option.name}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
            <NodeIcon name={option.name} label={option.label} size={22} />
            {option.label}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
