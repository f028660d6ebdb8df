import TextField from '@mui/material/TextField';
import { memo, useMemo } from 'react';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';

/** Why `text` is not valid JSON, or '' when it is (empty text is allowed). */
export function jsonError(text: string): string {
  if (text.trim() === '') return '';
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`;
  }
}

/** `json` inputs: JSON text, checked as it is typed; stored as text like Flowise. */
export const JsonParamInput = memo(function JsonParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const { draft, setDraft, flush } = useDraftValue(textOf(value), onChange);
  const error = useMemo(() => jsonError(draft), [draft]);
  return (
    <TextField
      fullWidth
      multiline
      rows={3}
      value={draft}
      placeholder={param.placeholder ?? '{ }'}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={flush}
      error={error !== ''}
      helperText={error || undefined}
      slotProps={{
        htmlInput: { 'aria-label': label, spellCheck: false },
        input: {
          // Plain text area, resizable by hand (see TextParamInput).
          inputComponent: 'textarea',
          sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5 },
        },
      }}
    />
  );
});
