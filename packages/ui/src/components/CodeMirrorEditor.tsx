import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { autocompletion, closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import type { CodeEditorProps } from './CodeEditor';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const LINE_HEIGHT = 20;

function highlightFor(dark: boolean) {
  const c = dark
    ? {
        keyword: '#C792EA',
        string: '#C3E88D',
        number: '#F78C6C',
        comment: '#697098',
        fn: '#82AAFF',
        prop: '#89DDFF',
      }
    : {
        keyword: '#7C3AED',
        string: '#0F766E',
        number: '#B45309',
        comment: '#8A8FA3',
        fn: '#1D4ED8',
        prop: '#0E7490',
      };
  return HighlightStyle.define([
    {
      tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
      color: c.keyword,
    },
    { tag: [tags.string, tags.special(tags.string), tags.regexp], color: c.string },
    { tag: [tags.number, tags.bool, tags.null], color: c.number },
    { tag: [tags.comment, tags.lineComment, tags.blockComment], color: c.comment, fontStyle: 'italic' },
    { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: c.fn },
    { tag: [tags.propertyName], color: c.prop },
  ]);
}

/** The CodeMirror 6 editor behind {@link CodeEditor}; a controlled field like a text input. */
export default function CodeMirrorEditor({
  value,
  onChange,
  label,
  minLines = 12,
  readOnly = false,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const change = useRef(onChange);
  /** The text last handed to `onChange`: the value coming back from it needs no dispatch. */
  const emitted = useRef(value);
  change.current = onChange;
  const dark = useTheme().palette.mode === 'dark';
  const looks = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          javascript(),
          EditorState.tabSize.of(2),
          keymap.of([
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            spellcheck: 'false',
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            emitted.current = update.state.doc.toString();
            change.current(emitted.current);
          }),
          looks.current.of([]),
          editable.current.of([]),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; value, theme and read-only changes are dispatched below.
  }, []);

  // A value changed from outside (a reset, a loaded file) replaces the document.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    // Not inside the editor's own update (React may render while CodeMirror reports a change).
    queueMicrotask(() => {
      const editor = view.current;
      if (editor && editor.state.doc.toString() !== value)
        editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly]);

  useEffect(() => {
    view.current?.dispatch({
      effects: looks.current.reconfigure([
        syntaxHighlighting(highlightFor(dark)),
        EditorView.theme(
          {
            '&': {
              fontSize: '13px',
              minHeight: `${minLines * LINE_HEIGHT + 20}px`,
              maxHeight: `${24 * LINE_HEIGHT + 20}px`,
            },
            '&.cm-focused': { outline: 'none' },
            '.cm-scroller': { fontFamily: MONO, lineHeight: `${LINE_HEIGHT}px`, overflow: 'auto' },
            '.cm-content': { padding: '10px 0', caretColor: dark ? '#E5E7EB' : '#111827' },
            '.cm-gutters': {
              backgroundColor: 'transparent',
              color: dark ? '#5B6170' : '#A0A4B2',
              borderRight: `1px solid ${dark ? 'rgba(255,255,255,0.12)' : 'rgba(17,24,39,0.12)'}`,
            },
            '.cm-activeLine, .cm-activeLineGutter': {
              backgroundColor: dark ? 'rgba(255,255,255,0.04)' : 'rgba(17,24,39,0.035)',
            },
            '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': {
              backgroundColor: dark ? 'rgba(130,170,255,0.25)' : 'rgba(91,91,214,0.18)',
            },
          },
          { dark },
        ),
      ]),
    });
  }, [dark, minLines]);

  return (
    <Box
      ref={host}
      sx={(theme) => ({
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: theme.palette.mode === 'dark' ? '#0B0D12' : '#FAFAFC',
        color: 'text.primary',
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
        },
      })}
    />
  );
}
