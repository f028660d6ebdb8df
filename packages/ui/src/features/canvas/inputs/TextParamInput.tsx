import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { memo, useState } from 'react';
import { ExpandTextDialog } from './ExpandTextDialog';
import type { ParamEditorProps } from './paramEditorProps';
import { ExpandButton, useTextDraft } from './useTextDraft';

/** string, password, number and folder inputs (multi-line when the param asks for rows). */
export const TextParamInput = memo(function TextParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const { draft, setDraft, flush } = useTextDraft({ param, value, onChange });
  const [reveal, setReveal] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const multiline = param.type === 'string' && (param.rows ?? 0) > 1;
  const isPassword = param.type === 'password';

  const endAdornment = isPassword ? (
    <InputAdornment position="end">
      <IconButton
        size="small"
        edge="end"
        aria-label={reveal ? 'Hide value' : 'Show value'}
        onClick={() => setReveal((shown) => !shown)}
      >
        {reveal ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
      </IconButton>
    </InputAdornment>
  ) : multiline ? (
    <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1 }}>
      <ExpandButton label={label} onClick={() => setExpanded(true)} />
    </InputAdornment>
  ) : undefined;

  return (
    <>
      <TextField
        fullWidth
        size="small"
        value={draft}
        placeholder={param.placeholder}
        type={isPassword && !reveal ? 'password' : param.type === 'number' ? 'number' : 'text'}
        multiline={multiline}
        rows={multiline ? Math.min(param.rows ?? 2, 6) : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={flush}
        autoComplete={isPassword ? 'new-password' : 'off'}
        slotProps={{
          htmlInput: {
            'aria-label': label,
            ...(param.type === 'number' && param.step !== undefined && { step: param.step }),
          },
          input: {
            endAdornment,
            // A plain text area, not MUI's autosize one: autosize measures layout per field on every
            // render, which a canvas of hundreds of nodes cannot afford. It can be resized by hand.
            ...(multiline && { inputComponent: 'textarea' }),
            sx: multiline
              ? { fontSize: 13, lineHeight: 1.5, '& textarea': { resize: 'vertical' } }
              : { fontSize: 13 },
          },
        }}
      />
      {expanded && (
        <ExpandTextDialog
          title={label}
          value={draft}
          placeholder={param.placeholder}
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
