import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { NodeDefinition } from '@flowloom/shared';
import type { CanvasNodeData } from '../document/types';
import { NodeIcon } from './NodeIcon';

/** What a node is: its type, version, id, description and the types it offers. */
export function NodeInfoDialog({
  data,
  definition,
  onClose,
}: {
  data: CanvasNodeData;
  definition: NodeDefinition | undefined;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['Node id', data.id],
    ['Type', data.name],
    ['Category', data.category],
    [
      'Version',
      definition && definition.version !== data.version
        ? `${data.version} (latest ${definition.version})`
        : String(data.version),
    ],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="node-info-title">
      <DialogTitle id="node-info-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <NodeIcon name={data.name} label={data.label} size={40} />
        <Box>
          {data.label}
          <Typography variant="body2" color="text.secondary">
            {data.type}
          </Typography>
        </Box>
      </DialogTitle>
      <DialogContent>
        {data.description && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {data.description}
          </Typography>
        )}
        <Table size="small">
          <TableBody>
            {rows.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell sx={{ color: 'text.secondary', width: 140 }}>{name}</TableCell>
                <TableCell sx={{ fontFamily: name === 'Node id' ? 'monospace' : undefined }}>
                  {value}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          Base classes
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {data.baseClasses.map((name) => (
            <Chip key={name} size="small" label={name} variant="outlined" />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
