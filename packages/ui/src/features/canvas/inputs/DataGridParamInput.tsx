import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { memo } from 'react';
import type { DataGridColumn } from '../document/types';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';

type Row = Record<string, unknown> & { id?: unknown };

/** Rows of a `datagrid` value: Flowise keeps them as a JSON string (an array is accepted too). */
export function gridRows(value: unknown): Row[] {
  let rows: unknown = value;
  if (typeof value === 'string') {
    try {
      rows = value.trim() ? JSON.parse(value) : [];
    } catch {
      rows = [];
    }
  }
  return Array.isArray(rows) ? rows.filter((row): row is Row => !!row && typeof row === 'object') : [];
}

function Cell({
  column,
  value,
  onChange,
  label,
}: {
  column: DataGridColumn;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}) {
  const { draft, setDraft, flush } = useDraftValue(textOf(value), onChange);
  if (column.type === 'boolean') {
    return (
      <Checkbox
        size="small"
        checked={value === true || value === 'true'}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    );
  }
  return (
    <TextField
      fullWidth
      size="small"
      select={column.type === 'singleSelect' && !!column.valueOptions}
      value={draft}
      disabled={column.editable === false}
      onChange={(event) =>
        column.type === 'singleSelect' ? onChange(event.target.value) : setDraft(event.target.value)
      }
      onBlur={flush}
      type={column.type === 'number' ? 'number' : 'text'}
      slotProps={{ htmlInput: { 'aria-label': label }, input: { sx: { fontSize: 12.5 } } }}
    >
      {(column.valueOptions ?? []).map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** `datagrid` inputs: editable rows under the param's columns, stored as a JSON string. */
export const DataGridParamInput = memo(function DataGridParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const columns = param.datagrid ?? [];
  const rows = gridRows(value);
  const save = (next: Row[]) => onChange(JSON.stringify(next));
  const add = () => {
    const nextId = rows.reduce((max, row) => Math.max(max, Number(row.id) || 0), 0) + 1;
    const row: Row = { id: nextId };
    for (const column of columns) row[column.field] = column.type === 'boolean' ? false : '';
    save([...rows, row]);
  };
  const template = `${columns.map(() => 'minmax(0, 1fr)').join(' ')} 28px`;

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: template, gap: 0.5, alignItems: 'center' }}>
        {columns.map((column) => (
          <Box
            key={column.field}
            sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 600, px: 0.5 }}
          >
            {column.headerName ?? column.field}
          </Box>
        ))}
        <span />
        {rows.map((row, index) => (
          <Box
            key={typeof row.id === 'string' || typeof row.id === 'number' ? row.id : index}
            sx={{ display: 'contents' }}
          >
            {columns.map((column) => (
              <Cell
                key={column.field}
                column={column}
                value={row[column.field]}
                label={`${label} row ${index + 1} ${column.headerName ?? column.field}`}
                onChange={(cell) =>
                  save(rows.map((other, i) => (i === index ? { ...other, [column.field]: cell } : other)))
                }
              />
            ))}
            <IconButton
              size="small"
              aria-label={`Remove ${label} row ${index + 1}`}
              onClick={() => save(rows.filter((_, i) => i !== index))}
            >
              <CloseIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 0.5 }}>
        Add row
      </Button>
    </Box>
  );
});
