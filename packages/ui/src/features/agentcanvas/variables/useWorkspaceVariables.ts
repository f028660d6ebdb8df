import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { useAccess } from '../../../app/useAccess';
import { variablesApi } from '../../variables/variablesApi';

const NONE: readonly string[] = [];

/**
 * Names of the workspace variables (`$vars.<name>`), loaded when a node editor opens (or, with
 * `wanted` false, not at all). Users who may not view variables get none (and no request that
 * would send them to "unauthorized").
 */
export function useWorkspaceVariables(wanted = true): { names: readonly string[]; note: string } {
  const allowed = useAccess().can('variables:view') && wanted;
  const [state, setState] = useState<{ names: readonly string[]; note: string }>({ names: NONE, note: '' });

  useEffect(() => {
    if (!allowed) return;
    let cancelled = false;
    variablesApi.list().then(
      (list) => {
        if (!cancelled)
          setState({ names: Array.isArray(list) ? list.map((item) => item.name) : NONE, note: '' });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({
            names: NONE,
            note: `Workspace variables could not be loaded: ${errorMessage(error, 'no answer from the server')}`,
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [allowed]);

  return state;
}
