import { memo, useCallback, useMemo } from 'react';
import { ArrayParamInput } from '../../canvas/inputs/ArrayParamInput';
import type { ArrayChange, ParamEditorProps } from '../../canvas/inputs/paramEditorProps';
import { configFieldsOf, joinRowConfigs, splitRowConfigs } from './configRows';

/**
 * An `array` input whose rows pick components with their own form (an Agent's tools, its vector
 * stores and embeddings): the canvas's array editor, with each such sub-field holding its row's
 * `<field>Config` too while edited (see {@link joinRowConfigs}).
 */
export const ConfigRowsInput = memo(function ConfigRowsInput(props: ParamEditorProps) {
  const { param, value, onChange } = props;
  const fields = useMemo(() => configFieldsOf(param), [param]);
  const rows = useMemo(() => joinRowConfigs(value, fields), [value, fields]);
  const change = useCallback(
    (next: unknown, how?: ArrayChange) =>
      onChange(splitRowConfigs(Array.isArray(next) ? (next as Record<string, unknown>[]) : [], fields), how),
    [onChange, fields],
  );
  return <ArrayParamInput {...props} value={rows} onChange={change} />;
});
