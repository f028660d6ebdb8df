import { isParamVisible, type DisplayRules } from '@flowloom/shared';

/**
 * Whether a node input is shown (SPEC §4). Flowise shows a param when every `show` condition
 * matches and hides it when any single `hide` condition matches. The shared `isParamVisible`
 * hides only when all hide conditions match, so each hide condition is checked on its own here:
 * with one condition both readings agree.
 */
export function isInputVisible(param: DisplayRules, values: Record<string, unknown>): boolean {
  if (param.show && !isParamVisible({ show: param.show }, values)) return false;
  return Object.entries(param.hide ?? {}).every(([path, expected]) =>
    isParamVisible({ hide: { [path]: expected } }, values),
  );
}

/** The inputs of `params` that are shown for `values`, in order. */
export function visibleInputs<T extends DisplayRules>(
  params: readonly T[],
  values: Record<string, unknown>,
): T[] {
  return params.filter((param) => isInputVisible(param, values));
}
