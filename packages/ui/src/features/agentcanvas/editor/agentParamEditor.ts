import type { ParamEditorOverride } from '../../canvas/inputs/paramEditorContext';
import { ConfigRowsInput } from '../componentConfig/ConfigRowsInput';
import { configFieldsOf } from '../componentConfig/configRows';
import { RowComponentInput } from '../componentConfig/RowComponentInput';
import { variableEditor } from '../variables/variableEditor';
import { KnowledgeDescriptionInput } from './KnowledgeDescriptionInput';

/**
 * The v2 canvas's editors where they differ from the chatflow canvas's: rows that pick components
 * with their own form, and `{{ }}` fields with the variable picker.
 */
export const agentParamEditor: ParamEditorOverride = (param) => {
  if (param.type === 'array' && configFieldsOf(param).length > 0) return ConfigRowsInput;
  // A node's own `loadConfig` inputs are drawn by the panel; any that reach a field are row fields.
  if (param.loadConfig === true) return RowComponentInput;
  if (param.name === 'docStoreDescription') return KnowledgeDescriptionInput;
  return variableEditor(param);
};
