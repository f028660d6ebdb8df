import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ExpandTextDialog } from '../../canvas/inputs/ExpandTextDialog';
import type { VariableOption } from './availableVariables';
import { InsertVariableButton } from './InsertVariableButton';
import { useVariablePicker } from './useVariablePicker';
import { VariablePickerPopper } from './VariablePickerPopper';

interface VariableTextProps {
  title: string;
  placeholder?: string;
  options: readonly VariableOption[];
  note: string;
}

/**
 * The roomy editor of a long `{{ }}` text (prompts, messages), with the same variable picker as
 * the field: `{{` typed or the "Insert variable" button. Escape closes an open list first, and
 * the dialog only when no list is open.
 */
export function VariableExpandDialog({
  value,
  onClose,
  onSave,
  ...field
}: VariableTextProps & { value: string; onClose: () => void; onSave: (value: string) => void }) {
  return (
    <ExpandTextDialog
      title={field.title}
      value={value}
      placeholder={field.placeholder}
      onClose={onClose}
      onSave={onSave}
      editor={(text, setText) => <DialogVariableField {...field} text={text} setText={setText} />}
    />
  );
}

function DialogVariableField({
  title,
  placeholder,
  options,
  note,
  text,
  setText,
}: VariableTextProps & { text: string; setText: (text: string) => void }) {
  const picker = useVariablePicker(text, setText, options);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <Box sx={{ pt: 0.5 }}>
        <TextField
          ref={setAnchor}
          {...picker.fieldProps}
          autoFocus
          fullWidth
          multiline
          minRows={14}
          maxRows={28}
          value={text}
          placeholder={placeholder}
          onBlur={picker.onBlur}
          autoComplete="off"
          slotProps={{
            htmlInput: { 'aria-label': title, ...picker.htmlInputProps },
            input: {
              endAdornment: (
                <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1.25 }}>
                  <InsertVariableButton picker={picker} label={title} />
                </InputAdornment>
              ),
              sx: { fontSize: 14, lineHeight: 1.6 },
            },
          }}
        />
      </Box>
      <VariablePickerPopper picker={picker} anchor={anchor} note={note} inDialog />
    </>
  );
}
