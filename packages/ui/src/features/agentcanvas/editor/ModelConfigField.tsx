import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CREDENTIAL_ID_KEY, type NodeDefinition } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { visibleInputs } from '../../canvas/document/visibility';
import { ParamField } from '../../canvas/inputs/ParamField';

type Config = Record<string, unknown>;
const noop = () => undefined;

/** A fresh `<param>Config` for `model`: its defaults and the model's name (as Flowise stores it). */
export function modelConfigFor(paramName: string, model: NodeDefinition | undefined): Config {
  const config: Config = {};
  for (const input of model?.inputs ?? []) config[input.name] = input.default ?? '';
  if (model) config[paramName] = model.name;
  return config;
}

/**
 * A `loadConfig` model input (AGENTFLOW_V2.md §0.2): the chat model is picked from the Chat
 * Models node types, and that node's own inputs and credential form a sub-form stored as
 * `<param>Config`, with the credential id in `FLOWISE_CREDENTIAL_ID`.
 */
export function ModelConfigField({
  param,
  data,
  models,
  onChange,
}: {
  param: RichParam;
  data: CanvasNodeData;
  models: readonly NodeDefinition[];
  onChange: (values: Record<string, unknown>) => void;
}) {
  const configName = `${param.name}Config`;
  const chosen = typeof data.inputs[param.name] === 'string' ? (data.inputs[param.name] as string) : '';
  const model = models.find((item) => item.name === chosen);
  const stored = data.inputs[configName];
  const config: Config = useMemo(
    () => (stored && typeof stored === 'object' ? (stored as Config) : {}),
    [stored],
  );
  const [more, setMore] = useState(false);
  const setConfig = (values: Config) => onChange({ [configName]: { ...config, ...values } });
  // Sub-inputs see the model's own node (async options load for that node type).
  const subNode = useMemo(
    () => ({
      ...data,
      name: chosen,
      inputs: config,
      credential: typeof config[CREDENTIAL_ID_KEY] === 'string' ? config[CREDENTIAL_ID_KEY] : '',
    }),
    [data, chosen, config],
  );
  const inputs = visibleInputs((model?.inputs ?? []) as RichParam[], config).filter((input) => !input.hidden);
  const main = inputs.filter((input) => !input.additionalParams);
  const additional = inputs.filter((input) => input.additionalParams);
  const label = param.label || 'Model';
  return (
    <Box sx={{ mb: 1.5 }} data-param={param.name}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={model ? chosen : ''}
        onChange={(event) => {
          const next = models.find((item) => item.name === event.target.value);
          onChange({ [param.name]: event.target.value, [configName]: modelConfigFor(param.name, next) });
        }}
        slotProps={{ htmlInput: { 'aria-label': label } }}
      >
        {models.map((item) => (
          <MenuItem key={item.name} value={item.name}>
            {item.label}
          </MenuItem>
        ))}
      </TextField>
      {model && (
        <Box
          sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
          data-testid={`${configName}-form`}
        >
          {model.credential && (
            <ParamField
              param={{ ...(model.credential as RichParam), label: 'Connect Credential', optional: true }}
              value={config[CREDENTIAL_ID_KEY] ?? ''}
              node={subNode}
              setInputs={noop}
              onChange={(value) => setConfig({ [CREDENTIAL_ID_KEY]: value })}
            />
          )}
          {[...main, ...(more ? additional : [])].map((input) => (
            <ParamField
              key={`${input.name}-${input.type}`}
              param={input}
              value={config[input.name]}
              node={subNode}
              setInputs={(values) => setConfig(values)}
              onChange={(value) => setConfig({ [input.name]: value })}
            />
          ))}
          {additional.length > 0 && (
            <Button size="small" onClick={() => setMore((shown) => !shown)}>
              {more ? 'Fewer parameters' : `More parameters (${additional.length})`}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
