import Switch from '@mui/material/Switch';
import { memo } from 'react';
import type { ParamEditorProps } from './paramEditorProps';

/** Stored as a boolean; older flows may hold the strings 'true' / 'false'. */
export const BooleanParamInput = memo(function BooleanParamInput({
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const checked = value === true || value === 'true';
  return (
    <Switch
      size="small"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
});
