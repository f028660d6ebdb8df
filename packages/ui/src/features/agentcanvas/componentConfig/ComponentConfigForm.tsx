import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CREDENTIAL_ID_KEY, type NodeDefinition } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import { visibleInputs } from '../../canvas/document/visibility';
import { loadChatflowOptions, OptionsLoaderContext } from '../../canvas/inputs/paramEditorContext';
import { ParamField } from '../../canvas/inputs/ParamField';
import type { ComponentConfig } from './componentChoices';

const noop = () => undefined;

/**
 * The own form of the component a `loadConfig` input picked (a chat model, a tool): its
 * credential, stored as `FLOWISE_CREDENTIAL_ID`, and its inputs shown under the config's values,
 * the additional ones behind "More parameters".
 */
export function ComponentConfigForm({
  component,
  config,
  node,
  testId,
  onConfig,
}: {
  component: NodeDefinition;
  config: ComponentConfig;
  /** The v2 node holding the input; its fields see a node of the component's type instead. */
  node: CanvasNodeData;
  testId: string;
  onConfig: (values: ComponentConfig) => void;
}) {
  const [more, setMore] = useState(false);
  // Sub-inputs see the component's own node (async options load for that node type).
  const subNode = useMemo(
    () => ({
      ...node,
      name: component.name,
      inputs: config,
      credential: typeof config[CREDENTIAL_ID_KEY] === 'string' ? config[CREDENTIAL_ID_KEY] : '',
    }),
    [node, component.name, config],
  );
  const inputs = visibleInputs((component.inputs ?? []) as RichParam[], config).filter(
    (input) => !input.hidden,
  );
  const main = inputs.filter((input) => !input.additionalParams);
  const additional = inputs.filter((input) => input.additionalParams);
  return (
    <Box sx={{ mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }} data-testid={testId}>
      {/* The component's own options load as on the chatflow canvas (its inputs and credential). */}
      <OptionsLoaderContext.Provider value={loadChatflowOptions}>
        {component.credential && (
          <ParamField
            param={{ ...(component.credential as RichParam), label: 'Connect Credential', optional: true }}
            value={config[CREDENTIAL_ID_KEY] ?? ''}
            node={subNode}
            setInputs={noop}
            onChange={(value) => onConfig({ [CREDENTIAL_ID_KEY]: value })}
          />
        )}
        {[...main, ...(more ? additional : [])].map((input) => (
          <ParamField
            key={`${input.name}-${input.type}`}
            param={input}
            value={config[input.name]}
            node={subNode}
            setInputs={onConfig}
            onChange={(value) => onConfig({ [input.name]: value })}
          />
        ))}
      </OptionsLoaderContext.Provider>
      {additional.length > 0 && (
        <Button size="small" onClick={() => setMore((shown) => !shown)}>
          {more ? 'Fewer parameters' : `More parameters (${additional.length})`}
        </Button>
      )}
    </Box>
  );
}
