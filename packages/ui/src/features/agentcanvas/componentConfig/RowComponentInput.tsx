import { memo } from 'react';
import type { ParamEditorProps } from '../../canvas/inputs/paramEditorProps';
import { ComponentConfigField } from './ComponentConfigField';
import { useComponentDefinitions } from './ComponentDefinitionsContext';
import { isRowComponent, rowComponent } from './configRows';

const NONE = rowComponent('', {});

/**
 * The `loadConfig` sub-field of an array row (an Agent's tool): the component and its form,
 * which {@link ConfigRowsInput} hands it together as one value.
 */
export const RowComponentInput = memo(function RowComponentInput({
  param,
  value,
  onChange,
  node,
}: ParamEditorProps) {
  const definitions = useComponentDefinitions();
  const current = isRowComponent(value) ? value : NONE;
  return (
    <ComponentConfigField
      param={param}
      data={node}
      chosen={current.component}
      config={current.config}
      definitions={definitions}
      showLabel={false}
      onChange={(component, config) => onChange(rowComponent(component, config))}
    />
  );
});
