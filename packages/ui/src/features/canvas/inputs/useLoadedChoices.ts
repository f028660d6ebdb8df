import type { ParamOption } from '@flowloom/shared';
import { useCallback, useContext, useRef, useState } from 'react';
import type { CanvasNodeData, RichParam } from '../document/types';
import { OptionsLoaderContext } from './paramEditorContext';

/** One choice of a column or field that lists values: what is stored, and what the list shows. */
export interface Choice {
  value: string;
  label: string;
}

/** The load methods a grid column or input names (`'loadStateKeys'`, or a list of them). */
export function loadMethodsOf(loadMethod: unknown): string[] {
  const list = Array.isArray(loadMethod) ? loadMethod : [loadMethod];
  return list.filter((name): name is string => typeof name === 'string' && name !== '');
}

/** A column's own choices, as Flowise lists them: text, or `{label, value}` pairs. */
export function presetChoices(valueOptions: readonly unknown[] | undefined): Choice[] {
  return (valueOptions ?? []).flatMap((option): Choice[] => {
    if (typeof option === 'string') return [{ value: option, label: option }];
    if (option && typeof option === 'object' && 'value' in option && typeof option.value === 'string') {
      const label = 'label' in option && typeof option.label === 'string' ? option.label : option.value;
      return [{ value: option.value, label }];
    }
    return [];
  });
}

/**
 * Choices that come from the node's load methods on the server (the State node's keys, earlier
 * nodes), loaded when the list first opens and again on `load()`. `toChoice` says how each answer
 * is written into the field (a key as itself, a node as `$<id>` or `{{ <id> }}`).
 */
export function useLoadedChoices(
  node: CanvasNodeData,
  field: string,
  methods: readonly string[],
  toChoice: (method: string, option: ParamOption) => Choice,
): { choices: Choice[] | null; loading: boolean; load: () => void } {
  const loadOptions = useContext(OptionsLoaderContext);
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [loading, setLoading] = useState(false);
  const nodeRef = useRef(node);
  nodeRef.current = node;
  const toChoiceRef = useRef(toChoice);
  toChoiceRef.current = toChoice;
  const key = methods.join(',');

  const load = useCallback(() => {
    if (!key) return;
    setLoading(true);
    void Promise.all(
      key.split(',').map(async (method) => {
        const param = { label: field, name: field, type: 'asyncOptions', loadMethod: method } as RichParam;
        // A method that fails offers nothing; what the user types still counts.
        const list = await loadOptions(nodeRef.current, param).catch(() => []);
        return (Array.isArray(list) ? list : []).map((option) => toChoiceRef.current(method, option));
      }),
    ).then((lists) => {
      const seen = new Set<string>();
      setChoices(lists.flat().filter((choice) => !seen.has(choice.value) && seen.add(choice.value)));
      setLoading(false);
    });
  }, [key, field, loadOptions]);

  return { choices, loading, load };
}

/**
 * How the sequential canvas writes what a load method answers into a free-text column (Flowise's
 * Condition Variable column): an earlier node as `$<id>`, a State key as `$flow.state.<key>`.
 */
export function variableChoice(method: string, option: ParamOption): Choice {
  if (method === 'getPreviousMessages')
    return { value: `$${option.name}`, label: `Output from ${option.label}` };
  if (method === 'loadStateKeys')
    return { value: `$flow.state.${option.name}`, label: `Value from ${option.name}` };
  return { value: option.name, label: option.label };
}
