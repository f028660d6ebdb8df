import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NodeDefinition } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import type { RichParam } from '../../canvas/document/types';
import { visibleInputs } from '../../canvas/document/visibility';
import type { ArrayChange } from '../../canvas/inputs/paramEditorProps';
import { ParamField } from '../../canvas/inputs/ParamField';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import { floatingPanelSx, PanelHeader } from '../../../components/FloatingPanel';
import { ComponentDefinitionsContext } from '../componentConfig/ComponentDefinitionsContext';
import type { AgentNode } from '../document/types';
import { ModelConfigField } from './ModelConfigField';

/**
 * The inputs of the node being edited, in a side panel: its label, then every input shown under
 * the current values, each with the canvas's editor for its type (array rows included), and a
 * component sub-form for `loadConfig` inputs (the node's own, and those of array rows).
 */
export function NodeEditorPanel({
  node,
  definitions,
  onInputs,
  onCredential,
  onLabel,
  onClose,
}: {
  node: AgentNode;
  /** The node catalogue: components of `loadConfig` inputs and their sub-forms. */
  definitions: readonly NodeDefinition[];
  onInputs: (values: Record<string, unknown>, change?: ArrayChange) => void;
  onCredential: (credentialId: string) => void;
  onLabel: (label: string) => void;
  onClose: () => void;
}) {
  const { data } = node;
  const [label, setLabel] = useState(data.label);
  useEffect(() => setLabel(data.label), [data.label]);
  const params = visibleInputs(
    (data.inputParams as RichParam[]).filter((param) => !param.hidden),
    data.inputs,
  );
  return (
    <Paper
      role="region"
      aria-label={`Edit ${data.label}`}
      elevation={8}
      data-canvas-keys="off"
      sx={{ position: 'absolute', top: 84, right: 20, bottom: 20, width: 380, zIndex: 6, ...floatingPanelSx }}
    >
      <PanelHeader accent={data.color ?? '#999'} closeLabel="Close node editor" onClose={onClose}>
        <NodeIcon name={data.name} label={data.label} size={28} />
        <Typography variant="h6" sx={{ flex: 1, fontSize: '0.95rem' }} noWrap>
          {data.label}
        </Typography>
      </PanelHeader>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2 }} className="nodrag nowheel">
        <TextField
          fullWidth
          size="small"
          label="Label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          onBlur={() => {
            if (label.trim() && label.trim() !== data.label) onLabel(label.trim());
            else setLabel(data.label);
          }}
          sx={{ mb: 2 }}
        />
        <ComponentDefinitionsContext.Provider value={definitions}>
          {params.map((param) =>
            param.loadConfig ? (
              <ModelConfigField
                key={param.name}
                param={param}
                data={data}
                definitions={definitions}
                onChange={(values) => onInputs(values)}
              />
            ) : (
              <ParamField
                key={`${param.name}-${param.type}`}
                param={param}
                value={param.type === 'credential' ? (data.credential ?? '') : data.inputs[param.name]}
                node={data}
                setInputs={(values) => onInputs(values)}
                onChange={(value, change) =>
                  param.type === 'credential'
                    ? onCredential(typeof value === 'string' ? value : '')
                    : onInputs({ [param.name]: value }, change)
                }
              />
            ),
          )}
        </ComponentDefinitionsContext.Provider>
      </Box>
    </Paper>
  );
}
