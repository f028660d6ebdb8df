import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { readMultiValue, writeMultiValue } from './multiValue';
import { textOf, type ParamEditorProps } from './paramEditorProps';

const menuProps = { slotProps: { paper: { sx: { maxHeight: 360, maxWidth: 360 } } } };

/** `options` (one choice) and `multiOptions` (several, stored as a JSON string). */
export const OptionsParamInput = memo(function OptionsParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const options = param.options ?? [];
  const labelOf = (name: string) => options.find((option) => option.name === name)?.label ?? name;
  const items = options.map((option) => (
    <MenuItem key={option.name} value={option.name} sx={{ display: 'block', whiteSpace: 'normal' }}>
      <Typography variant="body2">{option.label}</Typography>
      {option.description && (
        <Typography variant="caption" color="text.secondary" component="div">
          {option.description}
        </Typography>
      )}
    </MenuItem>
  ));

  if (param.type === 'multiOptions') {
    const chosen = readMultiValue(value);
    return (
      <Select<string[]>
        multiple
        fullWidth
        size="small"
        value={chosen}
        displayEmpty
        MenuProps={menuProps}
        onChange={(event) => {
          const next = event.target.value;
          onChange(writeMultiValue(typeof next === 'string' ? next.split(',') : next));
        }}
        inputProps={{ 'aria-label': label }}
        renderValue={(names) =>
          names.length === 0 ? (
            <Typography variant="body2" color="text.disabled">
              Choose…
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {names.map((name) => (
                <Chip key={name} size="small" label={labelOf(name)} />
              ))}
            </Box>
          )
        }
        sx={{ fontSize: 13 }}
      >
        {items}
      </Select>
    );
  }

  const current = textOf(value);
  return (
    <Select<string>
      fullWidth
      size="small"
      value={options.some((option) => option.name === current) ? current : ''}
      displayEmpty
      MenuProps={menuProps}
      onChange={(event) => onChange(event.target.value)}
      inputProps={{ 'aria-label': label }}
      renderValue={(name) =>
        name ? (
          labelOf(name)
        ) : (
          <Typography variant="body2" component="span" color="text.disabled">
            Choose an option
          </Typography>
        )
      }
      sx={{ fontSize: 13 }}
    >
      {param.optional && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {items}
    </Select>
  );
});
