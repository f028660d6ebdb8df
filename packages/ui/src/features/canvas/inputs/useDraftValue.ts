import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Local editing state of one node input. Keystrokes change only the draft (nothing else on the
 * canvas re-renders); the draft is committed to the flow after `delay` ms of quiet, on blur
 * (`flush`) and when the field unmounts. A new value from outside (undo, paste) replaces the draft.
 */
export function useDraftValue<T>(
  value: T,
  commit: (value: T) => void,
  delay = 400,
): { draft: T; setDraft: (value: T) => void; flush: () => void } {
  const [draft, setDraftState] = useState(value);
  const [seen, setSeen] = useState(value);
  const pending = useRef<{ value: T } | null>(null);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  if (!Object.is(value, seen)) {
    setSeen(value);
    // Our own commit coming back keeps the draft (the user may have typed on since).
    if (!Object.is(value, committed.current)) {
      setDraftState(value);
      pending.current = null;
    }
    committed.current = value;
  }

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    committed.current = next.value;
    commitRef.current(next.value);
  }, []);

  const setDraft = useCallback(
    (next: T) => {
      setDraftState(next);
      pending.current = { value: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  useEffect(() => flush, [flush]);

  return { draft, setDraft, flush };
}
