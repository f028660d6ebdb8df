import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { memo, useMemo, useState } from 'react';
import { jsonError } from '../../canvas/inputs/JsonParamInput';
import type { ParamEditorProps } from '../../canvas/inputs/paramEditorProps';
import { ExpandButton, useTextDraft } from '../../canvas/inputs/useTextDraft';
import { InsertVariableButton } from './InsertVariableButton';
import { useVariablePicker } from './useVariablePicker';
import { VariableExpandDialog } from './VariableExpandDialog';
import { VariablePickerPopper } from './VariablePickerPopper';
import { useVariableScope } from './VariableScopeContext';

/**
 * A text input that takes `{{ }}` variables (AGENTFLOW_V2.md §2.4): typing `{{` or the
 * "Insert variable" button opens the variables of this node (keyboard: arrows, Enter or Tab,
 * Escape), filtered as you type; the choice is written as `{{ X }}`, or as a mention span in rich
 * text. Used for every v2 input marked `acceptVariable` (strings, numbers, JSON); long text opens
 * in a larger editor with the same picker.
 */
export const VariableTextInput = memo(function VariableTextInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const scope = useVariableScope();
  const takesOutput = (param as { acceptNodeOutputAsVariable?: boolean }).acceptNodeOutputAsVariable === true;
  const options = useMemo(
    () => (takesOutput ? scope.options : scope.options.filter((option) => option.group !== 'output')),
    [scope.options, takesOutput],
  );
  // Numbers may hold a variable too; they are stored as numbers when they are one.
  const { draft, setDraft, flush } = useTextDraft({ param, value, onChange });
  const picker = useVariablePicker(draft, setDraft, options);
  const isJson = param.type === 'json';
  const multiline = isJson || (param.type === 'string' && (param.rows ?? 0) > 1);
  const [expanded, setExpanded] = useState(false);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const error = useMemo(() => (isJson ? jsonError(draft) : ''), [isJson, draft]);

  const endAdornment = (
    <InputAdornment position="end" sx={multiline ? { alignSelf: 'flex-start', mt: 1.25 } : undefined}>
      <InsertVariableButton picker={picker} label={label} />
      {multiline && !isJson && <ExpandButton label={label} onClick={() => setExpanded(true)} />}
    </InputAdornment>
  );

  return (
    <>
      <TextField
        ref={setAnchor}
        {...picker.fieldProps}
        fullWidth
        size="small"
        value={draft}
        placeholder={param.placeholder}
        multiline={multiline}
        rows={multiline ? Math.min(param.rows ?? 3, 6) : undefined}
        onBlur={() => {
          flush();
          picker.onBlur();
        }}
        error={error !== ''}
        helperText={error || undefined}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            'aria-label': label,
            spellCheck: isJson ? false : undefined,
            ...picker.htmlInputProps,
          },
          input: {
            endAdornment,
            // A plain text area (see TextParamInput: autosize is too costly on a large canvas).
            ...(multiline && { inputComponent: 'textarea' }),
            sx: {
              fontSize: isJson ? 12.5 : 13,
              ...(multiline && { lineHeight: 1.5, '& textarea': { resize: 'vertical' } }),
              ...(isJson && { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }),
            },
          },
        }}
      />
      <VariablePickerPopper picker={picker} anchor={anchor} note={scope.note} />
      {expanded && (
        <VariableExpandDialog
          title={label}
          value={draft}
          placeholder={param.placeholder}
          options={options}
          note={scope.note}
          onClose={() => setExpanded(false)}
          onSave={(text) => {
            setDraft(text);
            setExpanded(false);
          }}
        />
      )}
    </>
  );
});
