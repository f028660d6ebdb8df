import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { VariableOption } from './availableVariables';
import { InsertVariableButton } from './InsertVariableButton';
import { useVariablePicker } from './useVariablePicker';
import { VariablePickerPopper } from './VariablePickerPopper';

/**
 * The roomy editor of a long `{{ }}` text (prompts, messages), with the same variable picker as
 * the field: `{{` typed or the "Insert variable" button. Escape closes an open list first, and
 * the dialog only when no list is open.
 */
export function VariableExpandDialog({
  title,
  value,
  placeholder,
  options,
  note,
  onClose,
  onSave,
}: {
  title: string;
  value: string;
  placeholder?: string;
  options: readonly VariableOption[];
  note: string;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const picker = useVariablePicker(text, setText, options);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const typedOpen = picker.state?.mode === 'typed';
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 0.5 }}>
          <TextField
            ref={setAnchor}
            inputRef={picker.input}
            autoFocus
            fullWidth
            multiline
            minRows={14}
            maxRows={28}
            value={text}
            placeholder={placeholder}
            onChange={(event) => {
              setText(event.target.value);
              picker.onTyped(event.target.value, event.target.selectionStart ?? event.target.value.length);
            }}
            onKeyDown={typedOpen ? picker.onListKeys : undefined}
            onBlur={picker.onBlur}
            autoComplete="off"
            slotProps={{
              htmlInput: {
                'aria-label': title,
                onSelect: picker.onSelect,
                ...(typedOpen && {
                  'aria-controls': picker.listId,
                  'aria-activedescendant': picker.activeId,
                }),
              },
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(text)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
