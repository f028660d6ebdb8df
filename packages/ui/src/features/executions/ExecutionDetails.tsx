import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { canResume } from './canResume';
import { buildExecutionTree, expandableIds, flattenTree, initialSelection } from './executionTree';
import { ExecutionTreeView } from './ExecutionTreeView';
import type { ExecutedEntry, Execution } from './executionTypes';
import { NodeDetails } from './NodeDetails';

export interface ExecutionDetailsProps {
  execution: Execution;
  /** Sends a Proceed / Reject for a STOPPED node (offered only while the execution can resume). */
  onDecide?: (entry: ExecutedEntry, type: 'proceed' | 'reject', feedback: string) => Promise<void>;
  /** Full page (public view, expanded drawer): the columns may grow taller than the viewport. */
  fill?: boolean;
}

/** The tree of executed nodes on the left, the selected node's details on the right. */
export function ExecutionDetails({ execution, onDecide, fill = true }: ExecutionDetailsProps) {
  const items = useMemo(
    () => buildExecutionTree(Array.isArray(execution.executionData) ? execution.executionData : []),
    [execution.executionData],
  );
  const [selectedId, setSelectedId] = useState(() => initialSelection(items, execution.state));
  const [expanded, setExpanded] = useState(() => new Set(expandableIds(items)));

  // A refresh brings a new trace: keep the selection when the item still exists.
  useEffect(() => {
    setExpanded((current) => new Set([...current, ...expandableIds(items)]));
    setSelectedId((current) => {
      const all = flattenTree(items);
      if (execution.state === 'STOPPED' || !all.some((i) => i.id === current))
        return initialSelection(items, execution.state);
      return current;
    });
  }, [items, execution.state]);

  const selected = useMemo(() => flattenTree(items).find((i) => i.id === selectedId), [items, selectedId]);
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Why the run ended unfinished when the engine did not end it (the server stopped while it ran).
  const stopped = execution.stoppedReason ? (
    <Alert severity="warning" sx={{ m: 1.5, mb: 0, flexShrink: 0 }}>
      {execution.stoppedReason}
    </Alert>
  ) : null;

  if (items.length === 0) {
    return (
      <>
        {stopped}
        <EmptyState
          icon={<AccountTreeOutlinedIcon />}
          title="No nodes recorded yet"
          description={
            execution.state === 'INPROGRESS'
              ? 'The run has started; its trace is saved as it goes. Refresh in a moment.'
              : 'This execution has no recorded nodes.'
          }
        />
      </>
    );
  }

  const details = (
    <Box
      sx={{
        flex: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 300px) minmax(0, 1fr)' },
        gap: 0,
        height: fill ? '100%' : 'auto',
        minHeight: 0,
      }}
    >
      <Box
        component="nav"
        aria-label="Executed nodes"
        sx={(theme) => ({
          // Full border values: a responsive `border: 1` would reset the colour inside its media query.
          borderRight: { md: `1px solid ${theme.palette.divider}` },
          borderBottom: { xs: `1px solid ${theme.palette.divider}`, md: 'none' },
          p: 1.5,
          overflow: 'auto',
          minHeight: 0,
          maxHeight: { xs: 280, md: 'none' },
        })}
      >
        <Typography variant="overline" color="text.secondary" sx={{ px: 1, fontWeight: 700 }}>
          Executed nodes
        </Typography>
        <ExecutionTreeView
          items={items}
          selectedId={selectedId}
          onSelect={setSelectedId}
          expanded={expanded}
          onToggle={toggle}
        />
      </Box>
      <Box sx={{ p: { xs: 2, md: 3 }, overflow: 'auto', minHeight: 0 }}>
        {selected ? (
          <NodeDetails
            key={selected.id}
            item={selected}
            {...(onDecide && canResume(execution) ? { onDecide } : {})}
          />
        ) : (
          <Typography color="text.secondary">Select a node to see its details.</Typography>
        )}
      </Box>
    </Box>
  );
  if (!stopped) return details;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: fill ? '100%' : 'auto', minHeight: 0 }}>
      {stopped}
      {details}
    </Box>
  );
}
