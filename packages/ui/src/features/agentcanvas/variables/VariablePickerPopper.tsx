import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VariablePicker } from './useVariablePicker';
import { VariableList } from './VariableList';

/**
 * The open variable picker under its field: the list (with a search box when opened from the
 * button) and the scope's note. Inside a dialog it stays in the dialog's DOM (`inDialog`), so the
 * dialog's focus trap lets the search box keep the focus, and is placed against the viewport so
 * the dialog's scrolling content does not clip it.
 */
export function VariablePickerPopper({
  picker,
  anchor,
  note,
  inDialog = false,
}: {
  picker: VariablePicker;
  anchor: HTMLElement | null;
  note: string;
  inDialog?: boolean;
}) {
  const { state, listId, activeId } = picker;
  return (
    <Popper
      open={state !== null && anchor !== null}
      anchorEl={anchor}
      placement="bottom-start"
      disablePortal={inDialog}
      popperOptions={inDialog ? { strategy: 'fixed' } : undefined}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      style={{ width: Math.max(300, Math.min(anchor?.clientWidth ?? 0, 560)) }}
    >
      <ClickAwayListener
        onClickAway={(event) => {
          if (state?.mode !== 'button') return;
          if (picker.button.current?.contains(event.target as Node)) return;
          picker.close(false);
        }}
      >
        <Paper
          elevation={8}
          data-canvas-keys="off"
          className="nodrag nowheel"
          sx={{ mt: 0.5, border: 1, borderColor: 'divider', borderRadius: '10px', overflow: 'hidden' }}
        >
          {state?.mode === 'button' && (
            <Box sx={{ p: 1, pb: 0.5 }}>
              <TextField
                autoFocus
                fullWidth
                size="small"
                placeholder="Search variables"
                value={state.query}
                onChange={(event) => picker.setQuery(event.target.value)}
                onKeyDown={picker.onListKeys}
                autoComplete="off"
                slotProps={{
                  htmlInput: {
                    'aria-label': 'Search variables',
                    role: 'combobox',
                    'aria-expanded': true,
                    'aria-controls': listId,
                    'aria-autocomplete': 'list',
                    'aria-activedescendant': activeId,
                  },
                  input: { sx: { fontSize: 13 } },
                }}
              />
            </Box>
          )}
          <VariableList
            id={listId}
            options={picker.shown}
            active={picker.active}
            emptyText={
              state?.query ? `No variable matches “${state.query}”.` : 'No variables are available here.'
            }
            onActive={picker.setActive}
            onChoose={picker.choose}
          />
          {note && (
            <Typography
              variant="caption"
              color="warning.main"
              component="div"
              role="status"
              sx={{ px: 1.5, pb: 1 }}
            >
              {note}
            </Typography>
          )}
        </Paper>
      </ClickAwayListener>
    </Popper>
  );
}
