import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { ARGUMENT_TYPES, type ArgumentType, type ToolArgument } from './toolSchema';

/** Editable grid of a tool's arguments: property, type, description, required (read-only: a preview). */
export function ArgumentGrid({
  rows,
  onChange,
  error,
  readOnly = false,
}: {
  rows: ToolArgument[];
  onChange: (rows: ToolArgument[]) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const update = (id: number, patch: Partial<ToolArgument>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const add = () =>
    onChange([
      ...rows,
      {
        id: Math.max(0, ...rows.map((r) => r.id)) + 1,
        property: '',
        type: 'string',
        description: '',
        required: false,
      },
    ]);

  return (
    <div>
      <TableContainer sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 2 }}>
        <Table size="small" aria-label="Arguments">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '24%' }}>Property</TableCell>
              <TableCell sx={{ width: '16%' }}>Type</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="center" sx={{ width: 80 }}>
                Required
              </TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography variant="body2" color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
                    No arguments. Add one for each value the model should pass to the tool.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => (
              <TableRow key={row.id}>
                <TableCell>
                  <TextField
                    fullWidth
                    variant="standard"
                    disabled={readOnly}
                    placeholder="property"
                    value={row.property}
                    onChange={(e) => update(row.id, { property: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `Property ${index + 1}` } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    fullWidth
                    variant="standard"
                    disabled={readOnly}
                    value={row.type}
                    onChange={(e) => update(row.id, { type: e.target.value as ArgumentType })}
                    slotProps={{ htmlInput: { 'aria-label': `Type ${index + 1}` } }}
                  >
                    {ARGUMENT_TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {t}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <TextField
                    fullWidth
                    variant="standard"
                    disabled={readOnly}
                    placeholder="What the value means"
                    value={row.description}
                    onChange={(e) => update(row.id, { description: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `Description ${index + 1}` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    size="small"
                    disabled={readOnly}
                    checked={row.required}
                    onChange={(e) => update(row.id, { required: e.target.checked })}
                    slotProps={{ input: { 'aria-label': `Required ${index + 1}` } }}
                  />
                </TableCell>
                <TableCell>
                  {!readOnly && (
                    <IconButton
                      size="small"
                      aria-label={`Remove argument ${index + 1}`}
                      onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {error && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5, ml: 1.5 }}>
          {error}
        </Typography>
      )}
      {!readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
          Add Argument
        </Button>
      )}
    </div>
  );
}
