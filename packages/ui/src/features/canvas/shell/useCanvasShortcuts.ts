import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { FlowClipboard } from '../document/clipboard';
import type { FlowStore } from '../document/flowStore';
import { removeSelectedWith } from '../document/removeElements';
import type { CanvasKind, ShellDocument } from './canvasKind';

/**
 * Copied nodes, shared by the canvases of this tab (copy in one flow, paste in another) of the
 * kind they were copied from.
 */
let clipboard: { noun: string; clip: FlowClipboard } | null = null;

/** Keys typed into fields, menus and dialogs are theirs, not the canvas's. */
function belongsToField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('.MuiModal-root, .MuiPopover-root, [data-canvas-keys="off"]') !== null;
}

const hasTextSelection = () => (window.getSelection()?.toString() ?? '') !== '';

/**
 * Canvas keyboard shortcuts: Ctrl/⌘+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+C / Ctrl+V copy and
 * paste the selected nodes with the edges between them (where the kind can), Delete / Backspace
 * delete the selection, Ctrl+S save. Pasted nodes land at the pointer when it is over the canvas.
 * A read-only canvas (no `onSave`) takes none of them.
 */
export function useCanvasShortcuts<D extends ShellDocument>({
  kind,
  store,
  onSave,
  pointer,
}: {
  kind: CanvasKind<D>;
  store: FlowStore<D>;
  onSave: (() => void) | undefined;
  pointer: RefObject<{ x: number; y: number } | null>;
}): void {
  const { screenToFlowPosition } = useReactFlow();
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const readOnly = onSave === undefined;
  const pastes = useRef(0);

  useEffect(() => {
    if (readOnly) return;
    const kindClipboard = kind.clipboard;
    const paste = () => {
      const clip = clipboard?.noun === kind.noun ? clipboard.clip : null;
      if (!clip || clip.nodes.length === 0 || !kindClipboard) return;
      let offset: { x: number; y: number };
      if (pointer.current) {
        const at = screenToFlowPosition(pointer.current);
        const left = Math.min(...clip.nodes.map((node) => node.position.x));
        const top = Math.min(...clip.nodes.map((node) => node.position.y));
        offset = { x: at.x - left, y: at.y - top };
      } else {
        pastes.current += 1;
        offset = { x: 40 * pastes.current, y: 40 * pastes.current };
      }
      store.update((doc) => kindClipboard.paste(doc, clip, offset));
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        saveRef.current?.();
        return;
      }
      if (belongsToField(event.target)) return;
      if (mod && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        store.undo();
      } else if (mod && (key === 'y' || (key === 'z' && event.shiftKey))) {
        event.preventDefault();
        store.redo();
      } else if (mod && key === 'c') {
        if (hasTextSelection() || !kindClipboard) return;
        const copied = kindClipboard.copy(store.getSnapshot());
        if (copied) {
          clipboard = { noun: kind.noun, clip: copied };
          pastes.current = 0;
        }
      } else if (mod && key === 'v') {
        if (clipboard?.noun !== kind.noun) return;
        event.preventDefault();
        paste();
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        store.update((doc) => removeSelectedWith(kind, doc));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [kind, store, pointer, screenToFlowPosition, readOnly]);
}
