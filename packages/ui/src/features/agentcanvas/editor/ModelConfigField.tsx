import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CREDENTIAL_ID_KEY, type NodeDefinition, type ParamOption } from '@flowloom/shared';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { visibleInputs } from '../../canvas/document/visibility';
import { loadChatflowOptions, OptionsLoaderContext } from '../../canvas/inputs/paramEditorContext';
import { ParamField } from '../../canvas/inputs/ParamField';

type Config = Record<string, unknown>;
const noop = () => undefined;

/** The catalogue categories each component load method lists (AGENTFLOW_V2.md §1.2, §1.3, §1.10). */
const CATEGORIES: Record<string, readonly string[]> = {
  listModels: ['Chat Models'],
  listTools: ['Tools', 'Tools (MCP)'],
  listEmbeddings: ['Embeddings'],
  listVectorStores: ['Vector Stores'],
};

/** A fresh `<param>Config` for `model`: its defaults and the model's name (as Flowise stores it). */
export function modelConfigFor(paramName: string, model: NodeDefinition | undefined): Config {
  const config: Config = {};
  for (const input of model?.inputs ?? []) config[input.name] = input.default ?? '';
  if (model) config[paramName] = model.name;
  return config;
}

/**
 * The components a `loadConfig` input offers: the server's list when it gave one, otherwise the
 * node types of the matching catalogue category (the same list, known locally), plus the current
 * choice if neither has it (a flow from elsewhere keeps showing what it uses).
 */
export function componentChoices(
  loaded: readonly ParamOption[] | null,
  loadMethod: string | undefined,
  definitions: readonly NodeDefinition[],
  chosen: string,
): ParamOption[] {
  const categories = CATEGORIES[loadMethod ?? ''] ?? [];
  const catalogue = definitions
    .filter((item) => categories.includes(item.category))
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((item) => ({ label: item.label, name: item.name }));
  const list: ParamOption[] = loaded && loaded.length > 0 ? [...loaded] : catalogue;
  if (chosen && !list.some((option) => option.name === chosen))
    list.push({ label: definitions.find((item) => item.name === chosen)?.label ?? chosen, name: chosen });
  return list;
}

/** Loads the choices of a `loadConfig` input once, through the canvas's options loader. */
function useLoadedChoices(param: RichParam, data: CanvasNodeData) {
  const loadOptions = useContext(OptionsLoaderContext);
  const [loaded, setLoaded] = useState<ParamOption[] | null>(null);
  const [error, setError] = useState('');
  const current = useRef({ param, data });
  current.current = { param, data };
  const { loadMethod } = param;

  useEffect(() => {
    if (!loadMethod) return;
    let cancelled = false;
    loadOptions(current.current.data, current.current.param).then(
      (list) => {
        if (!cancelled) setLoaded(list);
      },
      (e: unknown) => {
        if (cancelled) return;
        setLoaded([]);
        setError(errorMessage(e, 'Could not load the options'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadOptions, loadMethod]);

  return { loaded, error };
}

/**
 * A `loadConfig` input (AGENTFLOW_V2.md §0.2): a component (chat model, tool) is picked from the
 * node's load method, and that component's own inputs and credential form a sub-form stored as
 * `<param>Config`, with the credential id in `FLOWISE_CREDENTIAL_ID`.
 */
export function ModelConfigField({
  param,
  data,
  definitions,
  onChange,
}: {
  param: RichParam;
  data: CanvasNodeData;
  definitions: readonly NodeDefinition[];
  onChange: (values: Record<string, unknown>) => void;
}) {
  const configName = `${param.name}Config`;
  const chosen = typeof data.inputs[param.name] === 'string' ? (data.inputs[param.name] as string) : '';
  const model = definitions.find((item) => item.name === chosen);
  const stored = data.inputs[configName];
  const config: Config = useMemo(
    () => (stored && typeof stored === 'object' ? (stored as Config) : {}),
    [stored],
  );
  const [more, setMore] = useState(false);
  const { loaded, error } = useLoadedChoices(param, data);
  const choices = useMemo(
    () => componentChoices(loaded, param.loadMethod, definitions, chosen),
    [loaded, param.loadMethod, definitions, chosen],
  );
  const setConfig = (values: Config) => onChange({ [configName]: { ...config, ...values } });
  const choose = (name: string) => {
    const next = definitions.find((item) => item.name === name);
    onChange({ [param.name]: name, [configName]: modelConfigFor(param.name, next) });
  };
  // Sub-inputs see the component's own node (async options load for that node type).
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
      {choices.length > 0 ? (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={chosen}
          onChange={(event) => choose(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        >
          {choices.map((item) => (
            <MenuItem key={item.name} value={item.name}>
              {item.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        // Nothing to list: the name can still be typed, as on the chatflow canvas.
        <TextField
          key={chosen}
          fullWidth
          size="small"
          label={label}
          defaultValue={chosen}
          placeholder="Type a name"
          onBlur={(event) => event.target.value !== chosen && choose(event.target.value.trim())}
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
      )}
      {error && choices.length === 0 && (
        <Typography variant="caption" color="error" role="alert">
          {error} — you can type a name instead.
        </Typography>
      )}
      {model && (
        <Box
          sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
          data-testid={`${configName}-form`}
        >
          {/* The component's own options load as on the chatflow canvas (its inputs and credential). */}
          <OptionsLoaderContext.Provider value={loadChatflowOptions}>
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
          </OptionsLoaderContext.Provider>
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
