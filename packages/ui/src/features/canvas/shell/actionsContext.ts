import { createContext, useContext, type Context } from 'react';

/**
 * The context through which a canvas's node and edge components ask its editor for edits, with
 * its hook. The actions object is created once per editor, so memoised nodes and edges never
 * re-render because of it; using the hook outside the editor is a programming error.
 */
export function createActionsContext<A>(editor: string): [Context<A | null>, () => A] {
  const context = createContext<A | null>(null);
  const useActions = () => {
    const actions = useContext(context);
    if (!actions) throw new Error(`Canvas actions are used outside the ${editor}`);
    return actions;
  };
  return [context, useActions];
}
