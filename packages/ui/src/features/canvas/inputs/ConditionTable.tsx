import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { CONDITION_OPERATIONS, newConditionRow, type ConditionRow } from '../document/conditionNode';
import type { CanvasNodeData, RichParam } from '../document/types';
import { ChoiceField } from './ChoiceField';
import { loadMethodsOf, presetChoices, useLoadedChoices, variableChoice } from './useLoadedChoices';

/** A column as the condition tabs of Flowise files describe it. */
interface ConditionColumn {
  field: string;
  headerName?: string;
  valueOptions?: unknown[];
  loadMethod?: unknown;
}

function columnOf(tab: RichParam, field: string): ConditionColumn | undefined {
  return (tab.datagrid as ConditionColumn[] | undefined)?.find((column) => column.field === field);
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
  node,
  rows,
  onChange,
}: {
  tab: RichParam;
  /** The condition node (its load methods list the earlier nodes and the State keys). */
  node: CanvasNodeData;
  rows: ConditionRow[];
  onChange: (rows: ConditionRow[]) => void;
}) {
  const variable = columnOf(tab, 'variable');
  const operation = columnOf(tab, 'operation');
  const heading = (field: string, fallback: string) => columnOf(tab, field)?.headerName ?? fallback;
  const methods = loadMethodsOf(variable?.loadMethod);
  const loaded = useLoadedChoices(node, 'variable', methods, variableChoice);
  const { loading, load } = loaded;
  const variables = [...(loaded.choices ?? []), ...presetChoices(variable?.valueOptions)];
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
              <ChoiceField
                text={text(row.variable)}
                onText={(value) => update(index, 'variable', value)}
                onPick={(choice) => update(index, 'variable', choice.value)}
                onOpen={methods.length > 0 ? load : undefined}
                choices={variables}
                loading={loading}
                label={`${headings[0]} ${n}`}
                placeholder="$flow.state…"
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
