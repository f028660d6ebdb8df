import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DataObjectIcon from '@mui/icons-material/DataObject';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import {
  memo,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { ExpandTextDialog } from '../../canvas/inputs/ExpandTextDialog';
import { jsonError } from '../../canvas/inputs/JsonParamInput';
import { textOf, type ParamEditorProps } from '../../canvas/inputs/paramEditorProps';
import { useDraftValue } from '../../canvas/inputs/useDraftValue';
import { filterVariables, type VariableOption } from './availableVariables';
import { optionId, VariableList } from './VariableList';
import { insertVariable, openTrigger } from './variableText';
import { useVariableScope } from './VariableScopeContext';

/** The picker: opened by typing `{{` (filtered by what follows) or with the button (own search). */
type Picker =
  | { mode: 'typed'; start: number; caret: number; query: string }
  | { mode: 'button'; from: number; to: number; query: string };

/** Numbers may hold a variable too; they are stored as numbers when they are one. */
function toStored(type: string, text: string): unknown {
  if (type !== 'number' || text.trim() === '') return text;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/**
 * A text input that takes `{{ }}` variables (AGENTFLOW_V2.md §2.4): typing `{{` or the
 * "Insert variable" button opens the variables of this node (keyboard: arrows, Enter or Tab,
 * Escape), filtered as you type; the choice is written as `{{ X }}`, or as a mention span in rich
 * text. Used for every v2 input marked `acceptVariable` (strings, numbers, JSON).
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
  const { draft, setDraft, flush } = useDraftValue(textOf(value), (text) =>
    onChange(toStored(param.type, text)),
  );
  const isJson = param.type === 'json';
  const multiline = isJson || (param.type === 'string' && (param.rows ?? 0) > 1);
  const [picker, setPicker] = useState<Picker | null>(null);
  const [active, setActive] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** The `{{` the user closed the list for (it stays closed until they type another). */
  const dismissed = useRef<number | null>(null);
  const selection = useRef<{ from: number; to: number } | null>(null);
  const caretAfter = useRef<number | null>(null);
  const listId = useId();
  const error = useMemo(() => (isJson ? jsonError(draft) : ''), [isJson, draft]);
  const shown = useMemo(() => (picker ? filterVariables(options, picker.query) : []), [options, picker]);

  useLayoutEffect(() => {
    const caret = caretAfter.current;
    const element = input.current;
    if (caret === null || !element) return;
    caretAfter.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [draft]);

  /** Opens, updates or closes the typed list for the text and caret of the field. */
  const follow = (text: string, caret: number) => {
    selection.current = { from: caret, to: caret };
    const trigger = openTrigger(text, caret);
    if (!trigger) dismissed.current = null;
    if (!trigger || trigger.start === dismissed.current) {
      setPicker((current) => (current?.mode === 'typed' ? null : current));
      return;
    }
    if (picker?.mode === 'typed' && picker.start === trigger.start && picker.query === trigger.query) {
      if (picker.caret !== caret) setPicker({ ...picker, caret });
      return;
    }
    setActive(0);
    setPicker({ mode: 'typed', start: trigger.start, caret, query: trigger.query });
  };

  const choose = (option: VariableOption) => {
    if (!picker) return;
    const [from, to] = picker.mode === 'typed' ? [picker.start, picker.caret] : [picker.from, picker.to];
    const next = insertVariable(draft, from, to, option.expression);
    caretAfter.current = next.caret;
    setPicker(null);
    setDraft(next.text);
  };

  const close = (refocus: boolean) => {
    if (picker?.mode === 'typed') dismissed.current = picker.start;
    setPicker(null);
    if (refocus && input.current) {
      const { from, to } = selection.current ?? { from: draft.length, to: draft.length };
      input.current.focus();
      input.current.setSelectionRange(from, to);
    }
  };

  /** Arrows, Enter/Tab and Escape drive the open list; other keys type as usual. */
  const onListKeys = (event: KeyboardEvent) => {
    if (!picker) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(picker.mode === 'button');
      return;
    }
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(shown[Math.min(active, shown.length - 1)]!);
    }
  };

  const openWithButton = () => {
    if (picker?.mode === 'button') {
      close(true);
      return;
    }
    const { from, to } = selection.current ?? { from: draft.length, to: draft.length };
    setActive(0);
    setPicker({ mode: 'button', from, to, query: '' });
  };

  const onSelect = (event: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const element = event.currentTarget;
    if (document.activeElement !== element) return;
    follow(element.value, element.selectionStart ?? element.value.length);
    selection.current = {
      from: element.selectionStart ?? element.value.length,
      to: element.selectionEnd ?? element.value.length,
    };
  };

  const insertButton = (
    <Tooltip title="Insert variable (or type {{ )">
      <IconButton
        ref={button}
        size="small"
        edge="end"
        aria-label={`Insert variable into ${label}`}
        aria-haspopup="listbox"
        aria-expanded={picker?.mode === 'button'}
        onClick={openWithButton}
      >
        <DataObjectIcon sx={{ fontSize: 17 }} />
      </IconButton>
    </Tooltip>
  );
  const endAdornment = (
    <InputAdornment position="end" sx={multiline ? { alignSelf: 'flex-start', mt: 1.25 } : undefined}>
      {insertButton}
      {multiline && !isJson && (
        <Tooltip title="Expand">
          <IconButton
            size="small"
            edge="end"
            aria-label={`Expand ${label}`}
            onClick={() => setExpanded(true)}
          >
            <OpenInFullIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
    </InputAdornment>
  );

  const activeId =
    picker && shown.length > 0 ? optionId(listId, Math.min(active, shown.length - 1)) : undefined;
  const typedOpen = picker?.mode === 'typed';

  return (
    <>
      <TextField
        ref={setAnchor}
        inputRef={input}
        fullWidth
        size="small"
        value={draft}
        placeholder={param.placeholder}
        multiline={multiline}
        rows={multiline ? Math.min(param.rows ?? 3, 6) : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          follow(event.target.value, event.target.selectionStart ?? event.target.value.length);
        }}
        onKeyDown={typedOpen ? onListKeys : undefined}
        onBlur={() => {
          flush();
          if (picker?.mode === 'typed') setPicker(null);
        }}
        error={error !== ''}
        helperText={error || undefined}
        autoComplete="off"
        slotProps={{
          htmlInput: {
            'aria-label': label,
            spellCheck: isJson ? false : undefined,
            onSelect,
            ...(typedOpen && { 'aria-controls': listId, 'aria-activedescendant': activeId }),
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
      <Popper
        open={picker !== null && anchor !== null}
        anchorEl={anchor}
        placement="bottom-start"
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
        style={{ width: Math.max(300, anchor?.clientWidth ?? 0) }}
      >
        <ClickAwayListener
          onClickAway={(event) => {
            if (picker?.mode !== 'button') return;
            if (button.current?.contains(event.target as Node)) return;
            close(false);
          }}
        >
          <Paper
            elevation={8}
            data-canvas-keys="off"
            className="nodrag nowheel"
            sx={{ mt: 0.5, border: 1, borderColor: 'divider', borderRadius: '10px', overflow: 'hidden' }}
          >
            {picker?.mode === 'button' && (
              <Box sx={{ p: 1, pb: 0.5 }}>
                <TextField
                  autoFocus
                  fullWidth
                  size="small"
                  placeholder="Search variables"
                  value={picker.query}
                  onChange={(event) => {
                    setActive(0);
                    setPicker({ ...picker, query: event.target.value });
                  }}
                  onKeyDown={onListKeys}
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
              options={shown}
              active={Math.min(active, Math.max(0, shown.length - 1))}
              emptyText={
                picker?.query ? `No variable matches “${picker.query}”.` : 'No variables are available here.'
              }
              onActive={setActive}
              onChoose={choose}
            />
            {scope.note && (
              <Typography
                variant="caption"
                color="warning.main"
                component="div"
                role="status"
                sx={{ px: 1.5, pb: 1 }}
              >
                {scope.note}
              </Typography>
            )}
          </Paper>
        </ClickAwayListener>
      </Popper>
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
