import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef, type RefObject } from 'react';
import { copySelection, pasteClipboard, type FlowClipboard } from '../document/clipboard';
import type { FlowStore } from '../document/flowStore';
import { removeSelected } from '../document/removeElements';

/** Copied nodes, shared by every canvas of this tab (copy in one flow, paste in another). */
let clipboard: FlowClipboard | null = null;

/** Keys typed into fields, menus and dialogs are theirs, not the canvas's. */
function belongsToField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('.MuiModal-root, .MuiPopover-root, [data-canvas-keys="off"]') !== null;
}

const hasTextSelection = () => (window.getSelection()?.toString() ?? '') !== '';

/**
 * Canvas keyboard shortcuts: Ctrl/⌘+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+C / Ctrl+V copy and
 * paste the selected nodes with the edges between them, Delete / Backspace delete the selection,
 * Ctrl+S save. Pasted nodes land at the pointer when it is over the canvas.
 */
export function useCanvasShortcuts({
  store,
  onSave,
  pointer,
}: {
  store: FlowStore;
  onSave: () => void;
  pointer: RefObject<{ x: number; y: number } | null>;
}): void {
  const { screenToFlowPosition } = useReactFlow();
  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const pastes = useRef(0);

  useEffect(() => {
    const paste = () => {
      const clip = clipboard;
      if (!clip || clip.nodes.length === 0) return;
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
      store.update((doc) => pasteClipboard(doc, clip, offset));
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 's') {
        event.preventDefault();
        saveRef.current();
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
        if (hasTextSelection()) return;
        const copied = copySelection(store.getSnapshot());
        if (copied) {
          clipboard = copied;
          pastes.current = 0;
        }
      } else if (mod && key === 'v') {
        if (!clipboard) return;
        event.preventDefault();
        paste();
      } else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) {
        event.preventDefault();
        store.update(removeSelected);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store, pointer, screenToFlowPosition]);
}
