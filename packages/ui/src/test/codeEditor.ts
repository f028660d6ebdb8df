import { EditorView } from '@codemirror/view';
import { act, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The code editor of `label` once CodeMirror has loaded (until then a read-only text area of the
 * same name shows the code): its editable content element.
 */
export async function codeEditor(container: HTMLElement, label: string): Promise<HTMLElement> {
  let editor: HTMLElement | undefined;
  await waitFor(() => {
    editor = within(container).getByRole('textbox', { name: label });
    expect(editor).toHaveAttribute('contenteditable', 'true');
  });
  return editor!;
}

/**
 * Replaces the editor's code as typing would. (happy-dom fires `selectionchange` synchronously while
 * CodeMirror writes its own selection, which a browser never does, so keystrokes cannot drive it here;
 * the browser tests type for real.)
 */
export function setCode(editor: HTMLElement, code: string): void {
  const view = EditorView.findFromDOM(editor);
  if (!view) throw new Error('Not a code editor');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } }));
}
