import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { CONDITION_OPERATIONS, newConditionRow, type ConditionRow } from '../document/conditionNode';
import type { RichParam } from '../document/types';

/** A suggested variable of the table's Variable column (Flowise lists `{label, value}` pairs). */
interface VariableOption {
  label: string;
  value: string;
}

/** A column as the condition tabs of Flowise files describe it. */
interface ConditionColumn {
  field: string;
  headerName?: string;
  valueOptions?: unknown[];
}

function columnOf(tab: RichParam, field: string): ConditionColumn | undefined {
  return (tab.datagrid as ConditionColumn[] | undefined)?.find((column) => column.field === field);
}

function variableOptions(column: ConditionColumn | undefined): VariableOption[] {
  return (column?.valueOptions ?? []).flatMap((option): VariableOption[] => {
    if (typeof option === 'string') return [{ label: option, value: option }];
    if (option && typeof option === 'object' && 'value' in option && typeof option.value === 'string') {
      const label = 'label' in option && typeof option.label === 'string' ? option.label : option.value;
      return [{ label, value: option.value }];
    }
    return [];
  });
}

function operationOptions(column: ConditionColumn | undefined): string[] {
  const listed = (column?.valueOptions ?? []).filter(
    (option): option is string => typeof option === 'string',
  );
  return listed.length > 0 ? listed : CONDITION_OPERATIONS;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The table tab of a condition: one row per condition (variable, operation, value, output name),
 * rows added and removed here. Column headings and choices come from the tab's `datagrid`.
 */
export function ConditionTable({
  tab,
  rows,
  onChange,
}: {
  tab: RichParam;
  rows: ConditionRow[];
  onChange: (rows: ConditionRow[]) => void;
}) {
  const variable = columnOf(tab, 'variable');
  const operation = columnOf(tab, 'operation');
  const heading = (field: string, fallback: string) => columnOf(tab, field)?.headerName ?? fallback;
  const variables = variableOptions(variable);
  const operations = operationOptions(operation);
  const headings = [
    heading('variable', 'Variable'),
    heading('operation', 'Operation'),
    heading('value', 'Value'),
    heading('output', 'Output Name'),
  ];
  const update = (index: number, field: string, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <Box>
      {tab.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {tab.description}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1.1fr) minmax(0, 1fr) minmax(0, 0.9fr) 32px',
          gap: 1,
          alignItems: 'center',
        }}
      >
        {headings.map((name) => (
          <Box key={name} sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 600 }}>
            {name}
          </Box>
        ))}
        <span />
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <Box
              // Ids may repeat in hand-edited files; the position keeps keys unique.
              key={`${text(row.id)}:${index}`}
              sx={{ display: 'contents' }}
            >
              <Autocomplete
                freeSolo
                size="small"
                options={variables.map((option) => option.value)}
                inputValue={text(row.variable)}
                onInputChange={(_event, value) => update(index, 'variable', value)}
                renderOption={({ key, ...props }, value) => (
                  <li key={key} {...props}>
                    <Box>
                      <Typography variant="body2">
                        {variables.find((option) => option.value === value)?.label ?? value}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {value}
                      </Typography>
                    </Box>
                  </li>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    placeholder="$flow.state…"
                    slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': `${headings[0]} ${n}` } }}
                  />
                )}
              />
              <TextField
                select
                size="small"
                value={operations.includes(text(row.operation)) ? text(row.operation) : ''}
                onChange={(event) => update(index, 'operation', event.target.value)}
                slotProps={{ htmlInput: { 'aria-label': `${headings[1]} ${n}` } }}
              >
                {operations.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                value={text(row.value)}
                onChange={(event) => update(index, 'value', event.target.value)}
                slotProps={{ htmlInput: { 'aria-label': `${headings[2]} ${n}` } }}
              />
              <TextField
                size="small"
                value={text(row.output)}
                onChange={(event) => update(index, 'output', event.target.value)}
                slotProps={{ htmlInput: { 'aria-label': `${headings[3]} ${n}` } }}
              />
              <IconButton
                size="small"
                aria-label={`Remove item ${n}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <CloseIcon sx={{ fontSize: 18 }} />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
          No conditions yet. Each item sends the flow to its output when its condition is met; otherwise the
          flow goes to End.
        </Typography>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...rows, newConditionRow(rows)])}
        sx={{ mt: 1 }}
      >
        Add Item
      </Button>
    </Box>
  );
}
