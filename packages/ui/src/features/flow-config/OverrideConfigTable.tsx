import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  buildOverrideSettings,
  enabledParamKeys,
  enabledVariableNames,
  overrideNodeGroups,
  overrideParamKey,
  withOverrideSettings,
  type Chatflow,
} from '@flowloom/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errorMessage';
import type { FlowOverrides } from './useFlowOverrides';

const toggle = (set: ReadonlySet<string>, key: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

const mono = (text: string) => (
  <Box component="span" sx={{ fontFamily: 'monospace' }}>
    {text}
  </Box>
);

interface SwitchRow {
  key: string;
  cells: ReactNode[];
  /** The accessible name of the row's switch. */
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}

/** A table whose rows each end in an On switch. */
function SwitchTable({
  label,
  headings,
  rows,
  disabled,
}: {
  label: string;
  headings: string[];
  rows: SwitchRow[];
  disabled: boolean;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {headings.map((heading) => (
            <TableCell key={heading}>{heading}</TableCell>
          ))}
          <TableCell align="right">On</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, index) => (
              <TableCell key={index} sx={{ maxWidth: 240, wordBreak: 'break-word' }}>
                {cell}
              </TableCell>
            ))}
            <TableCell align="right">
              <Switch
                size="small"
                checked={row.on}
                disabled={disabled}
                onChange={(event) => row.onChange(event.target.checked)}
                slotProps={{ input: { 'aria-label': row.label } }}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * "Override Configuration" (SHARING.md §2.1, §3; FLOWISE_API.md §1.5): which node inputs (per node
 * label) and which variables an API caller may override — exactly what the server enforces. The
 * Configuration dialog and the API dialog both edit them here; `onSave` stores the new `apiConfig`
 * text (its other keys, such as the rate limit, kept). Without `canEdit` it is read-only.
 */
export function OverrideConfigTable({
  chatflow,
  overrides,
  canEdit,
  onSave,
}: {
  chatflow: Pick<Chatflow, 'apiConfig'>;
  overrides: FlowOverrides;
  canEdit: boolean;
  /** Saves the flow's new `apiConfig` and tells the user how it went. */
  onSave: (apiConfig: string) => Promise<unknown>;
}) {
  const { settings, params, variables, error } = overrides;
  const [status, setStatus] = useState(settings.status);
  const [enabledParams, setEnabledParams] = useState(() => enabledParamKeys(settings));
  const [enabledVariables, setEnabledVariables] = useState(() => enabledVariableNames(settings));
  const [saving, setSaving] = useState(false);
  const groups = useMemo(() => overrideNodeGroups(params ?? []), [params]);

  const save = async () => {
    setSaving(true);
    try {
      const next = buildOverrideSettings({
        status,
        params: params ?? [],
        enabledParams,
        variables,
        enabledVariables,
      });
      await onSave(withOverrideSettings(chatflow.apiConfig, next));
    } finally {
      setSaving(false);
    }
  };

  const disabled = !canEdit || !status;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Overrides are off by default: a call may change only the inputs and variables switched on here. Send
        them in <code>overrideConfig</code> (JSON) or as form fields.
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={status}
            disabled={!canEdit}
            onChange={(event) => setStatus(event.target.checked)}
          />
        }
        label="Enable Override Configuration"
      />
      {error !== undefined ? (
        <Alert severity="error">{errorMessage(error, 'The flow inputs could not be loaded.')}</Alert>
      ) : !params ? (
        <LinearProgress aria-label="Loading the flow inputs" />
      ) : (
        <>
          <Typography variant="h5" component="h3">
            Nodes
          </Typography>
          {groups.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No node of this flow has inputs a call could override.
            </Typography>
          )}
          {groups.map((group) => (
            <Accordion key={group.node} disableGutters variant="outlined">
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {group.node}
                  </Typography>
                  {group.nodeIds.map((id) => (
                    <Chip key={id} size="small" label={id} sx={{ fontFamily: 'monospace' }} />
                  ))}
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ p: 0 }}>
                <SwitchTable
                  label={`Inputs of ${group.node}`}
                  headings={['Label', 'Name', 'Type']}
                  disabled={disabled}
                  rows={group.params.map((param) => {
                    const key = overrideParamKey(param);
                    return {
                      key,
                      cells: [param.label, mono(param.name), param.type],
                      label: `Allow overriding ${param.name} of ${group.node}`,
                      on: enabledParams.has(key),
                      onChange: (on) => setEnabledParams((current) => toggle(current, key, on)),
                    };
                  })}
                />
              </AccordionDetails>
            </Accordion>
          ))}
          <Typography variant="h5" component="h3">
            Variables
          </Typography>
          {variables.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No variables in this workspace.
            </Typography>
          ) : (
            <SwitchTable
              label="Variables"
              headings={['Name', 'Type']}
              disabled={disabled}
              rows={variables.map((variable) => ({
                key: variable.id,
                cells: [mono(variable.name), variable.type],
                label: `Allow overriding variable ${variable.name}`,
                on: enabledVariables.has(variable.name),
                onChange: (on) => setEnabledVariables((current) => toggle(current, variable.name, on)),
              }))}
            />
          )}
        </>
      )}
      {canEdit && (
        <Box>
          {/* Switched on, the table saves only once it knows the flow's inputs. */}
          <Button variant="contained" onClick={() => void save()} disabled={saving || (status && !params)}>
            Save
          </Button>
        </Box>
      )}
    </Box>
  );
}
