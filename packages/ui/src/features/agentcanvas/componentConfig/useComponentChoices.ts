import type { NodeDefinition, ParamOption } from '@flowloom/shared';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { OptionsLoaderContext } from '../../canvas/inputs/paramEditorContext';
import { componentChoices } from './componentChoices';

/**
 * The components a `loadConfig` input of node `data` offers, loaded once through the canvas's
 * options loader (the v2 node's own load method), with the catalogue as the fallback.
 */
export function useComponentChoices(
  param: RichParam,
  data: CanvasNodeData,
  definitions: readonly NodeDefinition[],
  chosen: string,
): { choices: ParamOption[]; error: string } {
  const loadOptions = useContext(OptionsLoaderContext);
  const [loaded, setLoaded] = useState<ParamOption[] | null>(null);
  const [error, setError] = useState('');
  // The request sends the inputs as they are when it starts; later edits need no reload.
  const current = useRef({ param, data });
  current.current = { param, data };
  const { loadMethod } = param;

  useEffect(() => {
    if (!loadMethod) return;
    let cancelled = false;
    loadOptions(current.current.data, current.current.param).then(
      (list) => {
        if (!cancelled) setLoaded(list);
      },
      (e: unknown) => {
        if (cancelled) return;
        setLoaded([]);
        setError(errorMessage(e, 'Could not load the options'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadOptions, loadMethod]);

  const choices = useMemo(
    () => componentChoices(loaded, loadMethod, definitions, chosen),
    [loaded, loadMethod, definitions, chosen],
  );
  return { choices, error };
}
