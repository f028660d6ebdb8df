import { lazy, Suspense } from 'react';
import { PlainCodeEditor } from './PlainCodeEditor';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editor (the field's label). */
  label: string;
  minLines?: number;
  readOnly?: boolean;
}

// CodeMirror is loaded only by the screens that edit code (tools, custom functions, conditions).
const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor'));

/**
 * A JavaScript editor (CodeMirror 6: highlighting, line numbers, bracket matching, undo, search,
 * Tab indents). Until CodeMirror has loaded, the code shows in a plain read-only text area.
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<PlainCodeEditor {...props} readOnly />}>
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}
