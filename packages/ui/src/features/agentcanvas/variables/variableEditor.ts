import type { ParamEditorOverride } from '../../canvas/inputs/paramEditorContext';
import { VariableTextInput } from './VariableTextInput';

/** Input types whose `acceptVariable` fields are typed as text, and so get the variable picker. */
const TEXT_TYPES = new Set(['string', 'number', 'json']);

/** The v2 canvas's editors: `{{ }}` fields get the variable picker, the rest keep theirs. */
export const variableEditor: ParamEditorOverride = (param) =>
  param.acceptVariable === true && TEXT_TYPES.has(param.type) ? VariableTextInput : undefined;
