import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { FlowConfigParam } from '@flowloom/shared';
import type { WorkspaceVariable } from './flowConfigApi';

/** Key of a param in the enabled set: node label and param name. */
export const paramKey = (node: string, name: string) => `${node}\u0000${name}`;

/**
 * Which inputs of a flow an API caller may override (SHARING.md §2.1, §3): one table per node
 * (Label / Name / Type / On) and one of the workspace's variables. Without `onToggle` it is read-only.
 */
export function OverrideConfigTable({
  params,
  variables,
  enabled,
  enabledVariables,
  onToggle,
  onToggleVariable,
}: {
  params: readonly FlowConfigParam[];
  variables: readonly WorkspaceVariable[];
  /** {@link paramKey}s of the params that are on. */
  enabled: ReadonlySet<string>;
  /** Names of the variables that are on. */
  enabledVariables: ReadonlySet<string>;
  onToggle?: (param: FlowConfigParam, on: boolean) => void;
  onToggleVariable?: (variable: WorkspaceVariable, on: boolean) => void;
}) {
  const byNode = new Map<string, FlowConfigParam[]>();
  for (const param of params) byNode.set(param.node, [...(byNode.get(param.node) ?? []), param]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="subtitle2">Nodes</Typography>
      {byNode.size === 0 && (
        <Typography variant="body2" color="text.secondary">
          This flow has no inputs a caller could override.
        </Typography>
      )}
      {[...byNode].map(([node, nodeParams]) => (
        <Accordion key={node} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ flex: 1 }}>{node}</Typography>
            {[...new Set(nodeParams.map((p) => p.nodeId))].map((id) => (
              <Chip key={id} size="small" label={id} sx={{ mr: 1 }} />
            ))}
          </AccordionSummary>
          <AccordionDetails>
            <Table size="small" aria-label={`${node} parameters`}>
              <TableHead>
                <TableRow>
                  <TableCell>Label</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>On</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {nodeParams.map((param) => {
                  const on = enabled.has(paramKey(node, param.name));
                  return (
                    <TableRow key={param.name}>
                      <TableCell>{param.label}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{param.name}</TableCell>
                      <TableCell>{param.type}</TableCell>
                      <TableCell>
                        <Switch
                          size="small"
                          checked={on}
                          disabled={!onToggle}
                          slotProps={{ input: { 'aria-label': `Override ${node} ${param.label}` } }}
                          onChange={(event) => onToggle?.(param, event.target.checked)}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </AccordionDetails>
        </Accordion>
      ))}
      <Typography variant="subtitle2">Variables</Typography>
      {variables.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The workspace has no variables.
        </Typography>
      ) : (
        <Table size="small" aria-label="Variables">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>On</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {variables.map((variable) => (
              <TableRow key={variable.id}>
                <TableCell>{variable.name}</TableCell>
                <TableCell>{variable.type}</TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={enabledVariables.has(variable.name)}
                    disabled={!onToggleVariable}
                    slotProps={{ input: { 'aria-label': `Override variable ${variable.name}` } }}
                    onChange={(event) => onToggleVariable?.(variable, event.target.checked)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
