import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import type { FormEvent } from 'react';
import type { ExecutionFilters } from './executionFilters';
import { EXECUTION_STATES, type ExecutionState } from './executionTypes';
import { STATUS_LABELS, StatusIcon } from './StatusIcon';

export interface ExecutionFiltersBarProps {
  value: ExecutionFilters;
  onChange: (value: ExecutionFilters) => void;
  onApply: () => void;
  onReset: () => void;
}

/** State, date range, flow name and session filters, with Apply and Reset. */
export function ExecutionFiltersBar({ value, onChange, onApply, onReset }: ExecutionFiltersBarProps) {
  const set = <K extends keyof ExecutionFilters>(key: K, next: ExecutionFilters[K]) =>
    onChange({ ...value, [key]: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const dateSlots = { inputLabel: { shrink: true } };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter executions"
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: '150px 160px 160px minmax(0, 1fr) minmax(0, 1fr) auto',
        },
      }}
    >
      <TextField
        select
        size="small"
        label="State"
        value={value.state}
        onChange={(e) => set('state', e.target.value as ExecutionState | '')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">All</MenuItem>
        {EXECUTION_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <StatusIcon status={state} size={16} />
              {STATUS_LABELS[state]}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label="Start date"
        value={value.startDate}
        onChange={(e) => set('startDate', e.target.value)}
        slotProps={{ ...dateSlots, htmlInput: { max: value.endDate || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label="End date"
        value={value.endDate}
        onChange={(e) => set('endDate', e.target.value)}
        slotProps={{ ...dateSlots, htmlInput: { min: value.startDate || undefined } }}
      />
      <TextField
        size="small"
        label="Agentflow name"
        value={value.agentflowName}
        onChange={(e) => set('agentflowName', e.target.value)}
      />
      <TextField
        size="small"
        label="Session ID"
        value={value.sessionId}
        onChange={(e) => set('sessionId', e.target.value)}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: { lg: 'flex-end' } }}>
        <Button type="submit" variant="contained" startIcon={<FilterAltOutlinedIcon />}>
          Apply
        </Button>
        <Button variant="outlined" color="inherit" startIcon={<RestartAltIcon />} onClick={onReset}>
          Reset
        </Button>
      </Box>
    </Box>
  );
}
