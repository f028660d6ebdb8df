import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { textOf, type ParamEditorProps } from './paramEditorProps';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date as the `datetime-local` field shows it (local time), or '' if unreadable. */
export function toLocalInput(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `date` inputs: stored as an ISO string, as Flowise's date picker does. */
export const DateParamInput = memo(function DateParamInput({ value, onChange, label }: ParamEditorProps) {
  return (
    <TextField
      fullWidth
      type="datetime-local"
      value={toLocalInput(textOf(value))}
      onChange={(event) => {
        const date = new Date(event.target.value);
        onChange(event.target.value && !Number.isNaN(date.getTime()) ? date.toISOString() : '');
      }}
      slotProps={{ htmlInput: { 'aria-label': label }, input: { sx: { fontSize: 13 } } }}
    />
  );
});
