import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DataObjectIcon from '@mui/icons-material/DataObject';
import type { VariablePicker } from './useVariablePicker';

/** Opens (or closes) the variable list of a field at its caret, with a search box. */
export function InsertVariableButton({ picker, label }: { picker: VariablePicker; label: string }) {
  return (
    <Tooltip title="Insert variable (or type {{ )">
      <IconButton
        ref={picker.button}
        size="small"
        edge="end"
        aria-label={`Insert variable into ${label}`}
        aria-haspopup="listbox"
        aria-expanded={picker.state?.mode === 'button'}
        onClick={picker.toggleFromButton}
      >
        <DataObjectIcon sx={{ fontSize: 17 }} />
      </IconButton>
    </Tooltip>
  );
}
