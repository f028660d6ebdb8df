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
  overrideParamKey,
  withOverrideSettings,
  type Chatflow,
  type FlowConfigParam,
} from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { useNotify } from '../../notifications/useNotify';
import { apiDialogApi } from './apiDialogApi';
import type { FlowOverrides } from './useFlowOverrides';

/** The flow's params grouped by node label, with the ids of the nodes carrying that label. */
function byNode(params: readonly FlowConfigParam[]) {
  const groups = new Map<string, { nodeIds: Set<string>; params: FlowConfigParam[] }>();
  for (const param of params) {
    const group = groups.get(param.node) ?? { nodeIds: new Set<string>(), params: [] };
    group.nodeIds.add(param.nodeId);
    if (!group.params.some((p) => p.name === param.name)) group.params.push(param);
    groups.set(param.node, group);
  }
  return [...groups.entries()];
}

const toggle = (set: ReadonlySet<string>, key: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

/**
 * "Override Config": which node inputs (per node label) and which variables an API caller may
 * override. This is exactly what the server enforces (`apiConfig.overrideConfig`, FLOWISE_API.md
 * §1.5): a request's overrides of anything switched off here are ignored.
 */
export function OverrideConfigTable({
  chatflow,
  overrides,
  canEdit,
  onChatflowChange,
}: {
  chatflow: Chatflow;
  overrides: FlowOverrides;
  canEdit: boolean;
  onChatflowChange: (chatflow: Chatflow) => void;
}) {
  const notify = useNotify();
  const { settings, params, variables } = overrides;
  const [status, setStatus] = useState(settings.status);
  const [enabledParams, setEnabledParams] = useState(() => enabledParamKeys(settings));
  const [enabledVariables, setEnabledVariables] = useState(() => enabledVariableNames(settings));
  const [saving, setSaving] = useState(false);
  const groups = useMemo(() => byNode(params ?? []), [params]);

  if (overrides.error !== undefined)
    return (
      <Alert severity="error">{errorMessage(overrides.error, 'The flow inputs could not be loaded.')}</Alert>
    );
  if (!params) return <LinearProgress aria-label="Loading the flow inputs" />;

  const save = async () => {
    setSaving(true);
    try {
      const next = buildOverrideSettings({ status, params, enabledParams, variables, enabledVariables });
      onChatflowChange(
        await apiDialogApi.update(chatflow.id, { apiConfig: withOverrideSettings(chatflow.apiConfig, next) }),
      );
      notify.success('Override Configuration Saved');
    } catch (error) {
      notify.error(error, { prefix: 'Failed to save the override configuration: ' });
    } finally {
      setSaving(false);
    }
  };

  const onSwitch = (label: string, checked: boolean, onChange: (on: boolean) => void) => (
    <Switch
      size="small"
      checked={checked}
      disabled={!canEdit || !status}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );

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
      <Typography variant="h5" component="h3">
        Nodes
      </Typography>
      {groups.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No node of this flow has inputs a call could override.
        </Typography>
      )}
      {groups.map(([node, group]) => (
        <Accordion key={node} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {node}
              </Typography>
              {[...group.nodeIds].map((id) => (
                <Chip key={id} size="small" label={id} sx={{ fontFamily: 'monospace' }} />
              ))}
            </Box>
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0 }}>
            <Table size="small" aria-label={`Inputs of ${node}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Label</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">On</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {group.params.map((param) => {
                  const key = overrideParamKey(param);
                  return (
                    <TableRow key={key}>
                      <TableCell>{param.label}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{param.name}</TableCell>
                      <TableCell sx={{ maxWidth: 240, wordBreak: 'break-word' }}>{param.type}</TableCell>
                      <TableCell align="right">
                        {onSwitch(`Allow overriding ${param.name} of ${node}`, enabledParams.has(key), (on) =>
                          setEnabledParams((current) => toggle(current, key, on)),
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
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
        <Table size="small" aria-label="Variables">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">On</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {variables.map((variable) => (
              <TableRow key={variable.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{variable.name}</TableCell>
                <TableCell>{variable.type}</TableCell>
                <TableCell align="right">
                  {onSwitch(
                    `Allow overriding variable ${variable.name}`,
                    enabledVariables.has(variable.name),
                    (on) => setEnabledVariables((current) => toggle(current, variable.name, on)),
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && (
        <Box>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            Save
          </Button>
        </Box>
      )}
    </Box>
  );
}
