import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { CanvasNodeData, RichParam } from '../document/types';
import { visibleInputs } from '../document/visibility';
import { NodeIcon } from './NodeIcon';
import { paramValue, ParamRow } from './ParamRow';

/** The inputs a node type marks `additionalParams`, edited in a dialog (show/hide rules applied). */
export function AdditionalParamsDialog({ data, onClose }: { data: CanvasNodeData; onClose: () => void }) {
  const params = useMemo(
    () =>
      visibleInputs(
        (data.inputParams as RichParam[]).filter((param) => param.additionalParams && !param.hidden),
        data.inputs,
      ),
    [data.inputParams, data.inputs],
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="additional-params-title">
      <DialogTitle id="additional-params-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <NodeIcon name={data.name} label={data.label} size={32} />
        <Box>
          Additional Parameters
          <Typography variant="body2" color="text.secondary">
            {data.label} · {data.id}
          </Typography>
        </Box>
      </DialogTitle>
      <DialogContent dividers sx={{ px: 1, pt: 2.5 }}>
        {params.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2 }}>
            No additional parameters apply with the current settings.
          </Typography>
        ) : (
          params.map((param) => (
            <ParamRow
              key={param.name}
              nodeId={data.id}
              param={param}
              value={paramValue(data, param)}
              data={data}
              withHandle={false}
            />
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
