import Box from '@mui/material/Box';
import { Handle, Position } from '@xyflow/react';
import { CREDENTIAL_ID_KEY } from '@flowloom/shared';
import { memo, useCallback } from 'react';
import { inputHandleId } from '../document/handles';
import type { CanvasNodeData, RichParam } from '../document/types';
import { useCanvasActions } from '../editor/CanvasActionsContext';
import { ParamField } from '../inputs/ParamField';
import { useCanvasReadOnly } from '../shell/readOnly';

/** The stored value of a param (the credential lives in `data.credential`). */
export function paramValue(data: CanvasNodeData, param: RichParam): unknown {
  if (param.type === 'credential') return data.credential || data.inputs[CREDENTIAL_ID_KEY] || '';
  return data.inputs[param.name];
}

/**
 * One editable input of a node. Inputs that accept variables also get a handle, so another node's
 * output can be wired into the text (FLOWISE_API.md §2.4).
 */
export const ParamRow = memo(function ParamRow({
  nodeId,
  param,
  value,
  data,
  withHandle = true,
}: {
  nodeId: string;
  param: RichParam;
  value: unknown;
  data: CanvasNodeData;
  /** Off outside the canvas (dialogs), where there is no node to attach a handle to. */
  withHandle?: boolean;
}) {
  const actions = useCanvasActions();
  const readOnly = useCanvasReadOnly();
  const setInputs = useCallback(
    (values: Record<string, unknown>) => actions.setInputs(nodeId, values),
    [actions, nodeId],
  );
  const onChange = useCallback(
    (next: unknown) => {
      if (param.type === 'credential') actions.setCredential(nodeId, typeof next === 'string' ? next : '');
      else actions.setInputs(nodeId, { [param.name]: next });
    },
    [actions, nodeId, param.name, param.type],
  );
  return (
    <Box sx={{ position: 'relative', px: 2 }}>
      {withHandle && param.acceptVariable && (
        <Handle
          type="target"
          position={Position.Left}
          id={param.id ?? inputHandleId(nodeId, param)}
          className="flowloom-handle"
          style={{ top: 11 }}
          title={`Accepts: ${param.type}`}
        />
      )}
      {/* Read-only: the value shows, but nothing in it can be focused or changed. */}
      <Box className="nodrag" inert={readOnly}>
        <ParamField param={param} value={value} onChange={onChange} node={data} setInputs={setInputs} />
      </Box>
    </Box>
  );
});
