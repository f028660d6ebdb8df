import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import type { ParamOption } from '@flowloom/shared';
import { memo, useMemo } from 'react';
import type { CanvasNodeData, DataGridColumn } from '../document/types';
import { DraftChoiceField } from './ChoiceField';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';
import {
  loadMethodsOf,
  presetChoices,
  useLoadedChoices,
  variableChoice,
  type Choice,
} from './useLoadedChoices';

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

interface CellProps {
  column: DataGridColumn;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  node: CanvasNodeData;
}

const keyChoice = (_method: string, option: ParamOption): Choice => ({
  value: option.name,
  label: option.label,
});

/**
 * A column whose choices come from the node's load methods (Flowise's `asyncSingleSelect`: the Key
 * of Update State lists the State node's keys). Loaded each time the list opens, so keys added to the
 * State node meanwhile show; a stored value the list no longer has stays shown.
 */
function LoadedSelectCell({ column, value, onChange, label, node }: CellProps) {
  const methods = loadMethodsOf(column.loadMethod);
  const { choices, loading, load } = useLoadedChoices(node, column.field, methods, keyChoice);
  const current = textOf(value);
  const listed = choices ?? [];
  const items =
    current && !listed.some((c) => c.value === current)
      ? [{ value: current, label: current }, ...listed]
      : listed;
  const none = methods.includes('loadStateKeys')
    ? 'No keys yet: add them to the State node'
    : 'Nothing to choose';
  return (
    <TextField
      select
      fullWidth
      size="small"
      value={current}
      disabled={column.editable === false}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        select: { onOpen: load, displayEmpty: true },
        htmlInput: { 'aria-label': label },
        input: { sx: { fontSize: 12.5 } },
      }}
    >
      {items.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
      {loading && <MenuItem disabled>Loading…</MenuItem>}
      {!loading && choices !== null && choices.length === 0 && <MenuItem disabled>{none}</MenuItem>}
    </TextField>
  );
}

/**
 * Free text with suggestions (Flowise's `freeSolo` columns): the column's presets and, where it names
 * load methods, the earlier nodes' outputs (`$<id>`) and the State keys (`$flow.state.<key>`).
 */
function SuggestCell({ column, value, onChange, label, node }: CellProps) {
  const methods = loadMethodsOf(column.loadMethod);
  const { choices, loading, load } = useLoadedChoices(node, column.field, methods, variableChoice);
  const presets = useMemo(() => presetChoices(column.valueOptions), [column.valueOptions]);
  return (
    <DraftChoiceField
      value={textOf(value)}
      commit={onChange}
      onOpen={methods.length > 0 ? load : undefined}
      choices={[...(choices ?? []), ...presets]}
      loading={loading}
      label={label}
    />
  );
}

function Cell(props: CellProps) {
  const { column, value, onChange, label } = props;
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
  if (column.type === 'asyncSingleSelect' && loadMethodsOf(column.loadMethod).length > 0)
    return <LoadedSelectCell {...props} />;
  if (column.type === 'freeSolo') return <SuggestCell {...props} />;
  const options = column.type === 'singleSelect' ? presetChoices(column.valueOptions) : [];
  return (
    <TextField
      fullWidth
      size="small"
      select={options.length > 0}
      value={draft}
      disabled={column.editable === false}
      onChange={(event) => (options.length > 0 ? onChange(event.target.value) : setDraft(event.target.value))}
      onBlur={flush}
      type={column.type === 'number' ? 'number' : 'text'}
      slotProps={{ htmlInput: { 'aria-label': label }, input: { sx: { fontSize: 12.5 } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
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
  node,
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
                node={node}
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
