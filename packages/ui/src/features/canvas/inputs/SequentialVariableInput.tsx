import { memo, useContext, useMemo } from 'react';
import { VariableScopeContext } from '../../agentcanvas/variables/VariableScopeContext';
import { VariableTextInput } from '../../agentcanvas/variables/VariableTextInput';
import { JsonParamInput } from './JsonParamInput';
import type { ParamEditorOverride } from './paramEditorContext';
import type { ParamEditorProps } from './paramEditorProps';
import { SequentialScopeContext, type SequentialScope } from './sequentialScope';
import { TextParamInput } from './TextParamInput';
import { useSequentialVariables } from './useSequentialVariables';

const SEQUENTIAL_CATEGORY = 'Sequential Agents';

function WithPicker({ scope, ...props }: ParamEditorProps & { scope: SequentialScope }) {
  const options = useSequentialVariables(scope, props.node.id);
  const value = useMemo(() => ({ options, note: scope.note }), [options, scope.note]);
  return (
    <VariableScopeContext.Provider value={value}>
      <VariableTextInput {...props} />
    </VariableScopeContext.Provider>
  );
}

/**
 * A Sequential Agents input that accepts variables (Format Prompt Values, a function's Input
 * Variables) with the variable picker: typing `{{` or its button lists what the node can read.
 * Inputs of other nodes keep their usual editor.
 */
export const SequentialVariableInput = memo(function SequentialVariableInput(props: ParamEditorProps) {
  const scope = useContext(SequentialScopeContext);
  if (scope && props.node.category === SEQUENTIAL_CATEGORY) return <WithPicker {...props} scope={scope} />;
  return props.param.type === 'json' ? <JsonParamInput {...props} /> : <TextParamInput {...props} />;
});

/** The V1 agents canvas's editors: variable inputs of sequential nodes get the picker. */
export const sequentialParamEditor: ParamEditorOverride = (param) =>
  param.acceptVariable === true && (param.type === 'json' || param.type === 'string')
    ? SequentialVariableInput
    : undefined;
