import { useState } from 'react';
import { readStored, writeStored } from '../app/localStore';

export type ViewMode = 'card' | 'list';

/** Card or table view of a list page, remembered per page. */
export function useViewMode(key: string): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() => (readStored<string>(key) === 'list' ? 'list' : 'card'));
  return [
    mode,
    (next) => {
      setMode(next);
      writeStored(key, next);
    },
  ];
}
