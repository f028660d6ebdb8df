import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { NODE_WIDTH } from '../document/createNode';
import type { CanvasNode, RichParam } from '../document/types';
import { visibleInputs } from '../document/visibility';
import { useCanvasActions, useNodeDefinition } from '../editor/CanvasActionsContext';
import { InputAnchorRow } from './InputAnchorRow';
import { NodeIcon } from './NodeIcon';
import { NodeToolbarActions } from './NodeToolbarActions';
import { OutputAnchorRow } from './OutputAnchorRow';
import { paramValue, ParamRow } from './ParamRow';
import { SectionLabel } from './SectionLabel';
import { useRemeasureOnChange } from './useRemeasureOnChange';

/**
 * A chatflow node (`customNode`): header, connectable inputs, editable inputs (show/hide rules
 * applied), the Additional Parameters button and the output(s). Memoised: React Flow hands a new
 * `data` only to the node that changed, so editing one node never re-renders the others.
 */
export const FlowNodeCard = memo(function FlowNodeCard({ id, data, selected }: NodeProps<CanvasNode>) {
  const actions = useCanvasActions();
  const definition = useNodeDefinition(data.name);
  const { inputs } = data;

  const anchors = useMemo(() => visibleInputs(data.inputAnchors, inputs), [data.inputAnchors, inputs]);
  const params = useMemo(
    () =>
      visibleInputs(
        (data.inputParams as RichParam[]).filter((param) => !param.additionalParams && !param.hidden),
        inputs,
      ),
    [data.inputParams, inputs],
  );
  const additionalCount = useMemo(
    () => (data.inputParams as RichParam[]).filter((param) => param.additionalParams && !param.hidden).length,
    [data.inputParams],
  );

  // Show/hide rules move handles without always resizing the card; re-measure them.
  const layoutKey = `${anchors.map((a) => a.name).join()}|${params.map((p) => p.name).join()}`;
  useRemeasureOnChange(id, layoutKey);

  const outdated = definition && definition.version > data.version;
  const unknown = !definition;

  return (
    <Box
      className="flowloom-node"
      sx={(theme) => ({
        width: NODE_WIDTH,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        outline: selected ? `1px solid ${theme.palette.primary.main}` : 'none',
        borderRadius: '12px',
        boxShadow:
          theme.palette.mode === 'dark'
            ? '0 8px 24px rgba(0,0,0,0.35)'
            : '0 1px 2px rgba(17,24,39,0.06), 0 8px 24px rgba(17,24,39,0.06)',
        position: 'relative',
        '& .flowloom-node-toolbar': { opacity: selected ? 1 : 0, pointerEvents: selected ? 'auto' : 'none' },
        '&:hover .flowloom-node-toolbar': { opacity: 1, pointerEvents: 'auto' },
      })}
    >
      <NodeToolbarActions nodeId={id} label={data.label} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
        <NodeIcon name={data.name} label={data.label} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            variant="subtitle1"
            sx={{ fontWeight: 650, fontSize: 15, lineHeight: 1.3 }}
            noWrap
            title={data.label}
          >
            {data.label}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {data.tags?.includes('LlamaIndex') ? `${data.category} · LlamaIndex` : data.category}
          </Typography>
        </Box>
        {(outdated || unknown) && (
          <Tooltip
            title={
              unknown
                ? `This server has no node type "${data.name}"; the flow cannot run until it is replaced.`
                : `Version ${definition.version} of this node is available (this one is ${data.version}). Delete and add it again to update.`
            }
          >
            <WarningAmberIcon
              color={unknown ? 'error' : 'warning'}
              fontSize="small"
              aria-label="Node warning"
            />
          </Tooltip>
        )}
      </Box>

      {(anchors.length > 0 || params.length > 0 || additionalCount > 0) && (
        <SectionLabel>Inputs</SectionLabel>
      )}
      {anchors.length > 0 && (
        <Box sx={{ py: 0.5 }}>
          {anchors.map((anchor) => (
            <InputAnchorRow key={anchor.name} nodeId={id} anchor={anchor} />
          ))}
        </Box>
      )}
      {params.length > 0 && (
        <Box sx={{ pt: 1.25, pb: 0 }}>
          {params.map((param) => (
            <ParamRow
              key={param.name}
              nodeId={id}
              param={param}
              value={paramValue(data, param)}
              data={data}
            />
          ))}
        </Box>
      )}
      {additionalCount > 0 && (
        <Box sx={{ px: 2, pb: 1.5, pt: params.length > 0 ? 0 : 1.25 }}>
          <Button
            className="nodrag"
            fullWidth
            variant="outlined"
            size="small"
            startIcon={<TuneIcon fontSize="small" />}
            onClick={() => actions.editAdditionalParams(id)}
          >
            Additional Parameters
          </Button>
        </Box>
      )}

      {!data.hideOutput && data.outputAnchors.length > 0 && (
        <>
          <SectionLabel>Output</SectionLabel>
          {data.outputAnchors.map((anchor) => (
            <OutputAnchorRow key={anchor.name} nodeId={id} anchor={anchor} data={data} />
          ))}
        </>
      )}
    </Box>
  );
});
