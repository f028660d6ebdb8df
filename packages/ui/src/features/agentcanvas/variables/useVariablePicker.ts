import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { filterVariables, type VariableOption } from './availableVariables';
import { optionId } from './VariableList';
import { insertVariable, openTrigger } from './variableText';

/** The picker: opened by typing `{{` (filtered by what follows) or with the button (own search). */
export type PickerState =
  | { mode: 'typed'; start: number; caret: number; query: string }
  | { mode: 'button'; from: number; to: number; query: string };

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/** What a text field with the variable picker wires to its input, button and list. */
export interface VariablePicker {
  /** The text input (the caret returns there after a choice). */
  input: RefObject<TextElement | null>;
  /** The "Insert variable" button (a click on it is not a click away). */
  button: RefObject<HTMLButtonElement | null>;
  listId: string;
  state: PickerState | null;
  /** The options the list shows, filtered by the query. */
  shown: VariableOption[];
  active: number;
  /** The id of the highlighted option, for `aria-activedescendant`. */
  activeId: string | undefined;
  setActive: (index: number) => void;
  /** Call with the new text and caret after the user typed. */
  onTyped: (text: string, caret: number) => void;
  /** The input's `select` event: follows the caret and remembers the selection. */
  onSelect: (event: SyntheticEvent<TextElement>) => void;
  /** The input's blur: the typed list closes with it. */
  onBlur: () => void;
  /** Arrows, Enter/Tab and Escape while the list is open. */
  onListKeys: (event: KeyboardEvent) => void;
  /** The button: opens the list with its own search at the selection, or closes it. */
  toggleFromButton: () => void;
  setQuery: (query: string) => void;
  choose: (option: VariableOption) => void;
  close: (refocus: boolean) => void;
  /** What the text field spreads to drive the picker: its ref, typing and the list's keys. */
  fieldProps: {
    inputRef: RefObject<TextElement | null>;
    onChange: (event: ChangeEvent<TextElement>) => void;
    onKeyDown: ((event: KeyboardEvent) => void) | undefined;
  };
  /** What the field's native input spreads: caret tracking and, while typing, the list's ARIA links. */
  htmlInputProps: {
    onSelect: (event: SyntheticEvent<TextElement>) => void;
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
  };
}

/**
 * The `{{ }}` variable picker of a text field holding `text` (AGENTFLOW_V2.md §2.4): typing `{{`
 * or the button opens the variables, filtered as you type; the keyboard drives the list (arrows,
 * Enter or Tab, Escape); the choice is written at the caret with {@link insertVariable}.
 */
export function useVariablePicker(
  text: string,
  setText: (text: string) => void,
  options: readonly VariableOption[],
): VariablePicker {
  const [state, setState] = useState<PickerState | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<TextElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  /** The `{{` the user closed the list for (it stays closed until they type another). */
  const dismissed = useRef<number | null>(null);
  const selection = useRef<{ from: number; to: number } | null>(null);
  const caretAfter = useRef<number | null>(null);
  const listId = useId();
  const shown = useMemo(() => (state ? filterVariables(options, state.query) : []), [options, state]);

  useLayoutEffect(() => {
    const caret = caretAfter.current;
    const element = input.current;
    if (caret === null || !element) return;
    caretAfter.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [text]);

  /** Opens, updates or closes the typed list for the text and caret of the field. */
  const follow = (value: string, caret: number) => {
    selection.current = { from: caret, to: caret };
    const trigger = openTrigger(value, caret);
    if (!trigger) dismissed.current = null;
    if (!trigger || trigger.start === dismissed.current) {
      setState((current) => (current?.mode === 'typed' ? null : current));
      return;
    }
    if (state?.mode === 'typed' && state.start === trigger.start && state.query === trigger.query) {
      if (state.caret !== caret) setState({ ...state, caret });
      return;
    }
    setActive(0);
    setState({ mode: 'typed', start: trigger.start, caret, query: trigger.query });
  };

  const choose = (option: VariableOption) => {
    if (!state) return;
    const [from, to] = state.mode === 'typed' ? [state.start, state.caret] : [state.from, state.to];
    const next = insertVariable(text, from, to, option.expression, option.insert);
    caretAfter.current = next.caret;
    setState(null);
    setText(next.text);
  };

  const close = (refocus: boolean) => {
    if (state?.mode === 'typed') dismissed.current = state.start;
    setState(null);
    if (refocus && input.current) {
      const { from, to } = selection.current ?? { from: text.length, to: text.length };
      input.current.focus();
      input.current.setSelectionRange(from, to);
    }
  };

  const onListKeys = (event: KeyboardEvent) => {
    if (!state) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      // The list closes, not the panel or dialog around the field.
      event.stopPropagation();
      close(state.mode === 'button');
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

  const toggleFromButton = () => {
    if (state?.mode === 'button') {
      close(true);
      return;
    }
    const { from, to } = selection.current ?? { from: text.length, to: text.length };
    setActive(0);
    setState({ mode: 'button', from, to, query: '' });
  };

  const onSelect = (event: SyntheticEvent<TextElement>) => {
    const element = event.currentTarget;
    if (document.activeElement !== element) return;
    follow(element.value, element.selectionStart ?? element.value.length);
    selection.current = {
      from: element.selectionStart ?? element.value.length,
      to: element.selectionEnd ?? element.value.length,
    };
  };

  const highlighted = Math.min(active, Math.max(0, shown.length - 1));
  const activeId = state && shown.length > 0 ? optionId(listId, highlighted) : undefined;
  const typedOpen = state?.mode === 'typed';
  return {
    input,
    button,
    listId,
    state,
    shown,
    active: highlighted,
    activeId,
    setActive,
    onTyped: follow,
    onSelect,
    onBlur: () => {
      if (state?.mode === 'typed') setState(null);
    },
    onListKeys,
    toggleFromButton,
    setQuery: (query) => {
      setActive(0);
      setState((current) => (current?.mode === 'button' ? { ...current, query } : current));
    },
    choose,
    close,
    fieldProps: {
      inputRef: input,
      onChange: (event) => {
        const { value, selectionStart } = event.target;
        setText(value);
        follow(value, selectionStart ?? value.length);
      },
      onKeyDown: typedOpen ? onListKeys : undefined,
    },
    htmlInputProps: {
      onSelect,
      ...(typedOpen && { 'aria-controls': listId, 'aria-activedescendant': activeId }),
    },
  };
}
