import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { memo, useContext, type ComponentType } from 'react';
import type { CanvasNodeData, RichParam } from '../document/types';
import { ArrayParamInput } from './ArrayParamInput';
import { AsyncOptionsParamInput } from './AsyncOptionsParamInput';
import { BooleanParamInput } from './BooleanParamInput';
import { CodeParamInput } from './CodeParamInput';
import { ConditionFunctionParamInput } from './ConditionFunctionParamInput';
import { CredentialParamInput } from './CredentialParamInput';
import { DataGridParamInput } from './DataGridParamInput';
import { DateParamInput } from './DateParamInput';
import { FileParamInput } from './FileParamInput';
import { FreeSoloOptionsParamInput } from './FreeSoloOptionsParamInput';
import { JsonParamInput } from './JsonParamInput';
import { OptionsParamInput } from './OptionsParamInput';
import { ParamEditorOverrideContext } from './paramEditorContext';
import type { ArrayChange, ParamEditorProps } from './paramEditorProps';
import { TabsParamInput } from './TabsParamInput';
import { TextParamInput } from './TextParamInput';

/** The editor of each input type (SPEC §3); unknown types fall back to text. */
const EDITORS: Record<string, ComponentType<ParamEditorProps>> = {
  string: TextParamInput,
  password: TextParamInput,
  number: TextParamInput,
  folder: TextParamInput,
  url: TextParamInput,
  boolean: BooleanParamInput,
  options: OptionsParamInput,
  multiOptions: OptionsParamInput,
  asyncOptions: AsyncOptionsParamInput,
  asyncMultiOptions: AsyncOptionsParamInput,
  json: JsonParamInput,
  code: CodeParamInput,
  conditionFunction: ConditionFunctionParamInput,
  date: DateParamInput,
  datePicker: DateParamInput,
  file: FileParamInput,
  array: ArrayParamInput,
  datagrid: DataGridParamInput,
  tabs: TabsParamInput,
  credential: CredentialParamInput,
};

/** One node input: its label (required mark, description, warning) and the editor for its type. */
export const ParamField = memo(function ParamField({
  param,
  value,
  onChange,
  node,
  setInputs,
}: {
  param: RichParam;
  value: unknown;
  onChange: (value: unknown, change?: ArrayChange) => void;
  node: CanvasNodeData;
  setInputs: (values: Record<string, unknown>) => void;
}) {
  const override = useContext(ParamEditorOverrideContext);
  const Editor =
    override?.(param) ??
    (param.type === 'options' && param.freeSolo ? FreeSoloOptionsParamInput : EDITORS[param.type]) ??
    TextParamInput;
  const label = param.label || param.name;
  const inline = param.type === 'boolean';
  const title = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, flex: inline ? 1 : undefined }}>
      <Typography variant="body2" sx={{ fontWeight: 500, fontSize: 13 }} noWrap>
        {label}
        {!param.optional && param.type !== 'boolean' && (
          <Box component="span" sx={{ color: 'error.main', ml: 0.25 }} aria-hidden>
            *
          </Box>
        )}
      </Typography>
      {param.description && (
        <Tooltip title={param.description} placement="right">
          <InfoOutlinedIcon sx={{ fontSize: 15, color: 'text.secondary' }} />
        </Tooltip>
      )}
    </Box>
  );
  return (
    <Box sx={{ mb: 1.5 }} data-param={param.name}>
      {inline ? (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          {title}
          <Editor
            param={param}
            value={value}
            onChange={onChange}
            node={node}
            setInputs={setInputs}
            label={label}
          />
        </Box>
      ) : (
        <>
          <Box sx={{ mb: 0.75 }}>{title}</Box>
          <Editor
            param={param}
            value={value}
            onChange={onChange}
            node={node}
            setInputs={setInputs}
            label={label}
          />
        </>
      )}
      {param.warning && (
        <Alert severity="warning" variant="outlined" sx={{ mt: 0.75, py: 0, fontSize: 12 }}>
          {param.warning}
        </Alert>
      )}
    </Box>
  );
});
