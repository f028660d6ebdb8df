import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CREDENTIAL_ID_KEY, type NodeDefinition } from '@flowloom/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { createNodeData } from '../../features/canvas/document/createNode';
import type { CanvasNodeData, RichParam } from '../../features/canvas/document/types';
import { loadChatflowOptions, OptionsLoaderContext } from '../../features/canvas/inputs/paramEditorContext';
import { ParamField } from '../../features/canvas/inputs/ParamField';
import { CREDENTIAL_LABEL, formInputs } from './componentInputs';

const noop = () => undefined;

/**
 * The form of one component (a chat model, a tool, a document loader, a text splitter, embeddings,
 * a vector store, a record manager): its credential, kept in the values under `credentialKey`,
 * then its editable inputs (the shown ones for the values; anchors left out) with the canvas
 * editors, the additional ones behind "More parameters". Option lists load as on the chatflow
 * canvas, for a node of the component with these values.
 */
export function ComponentInputsForm({
  component,
  values,
  onChange,
  credentialKey = CREDENTIAL_ID_KEY,
  node,
  testId,
  showAllParams = false,
  afterInput,
}: {
  component: NodeDefinition;
  values: Record<string, unknown>;
  /** Gets the inputs that changed, to merge into the values. */
  onChange: (patch: Record<string, unknown>) => void;
  /** Where the values keep the chosen credential id (`FLOWISE_CREDENTIAL_ID`, or `credential`). */
  credentialKey?: string;
  /** The node the fields belong to, as option loaders see it; by default a node of the component. */
  node?: CanvasNodeData;
  testId?: string;
  /** Shows the additional inputs with the others, without the "More parameters" button. */
  showAllParams?: boolean;
  /** Something to show under an input (e.g. a button acting on it). */
  afterInput?: (input: RichParam) => ReactNode;
}) {
  const [more, setMore] = useState(false);
  const stored = values[credentialKey];
  const credentialId = typeof stored === 'string' ? stored : '';
  const base = useMemo(
    () => node ?? (createNodeData(component, `${component.name}_0`) as CanvasNodeData),
    [node, component],
  );
  // The fields see a node of the component holding these values (async options load for it).
  const subNode = useMemo(
    () => ({ ...base, name: component.name, inputs: values, credential: credentialId }),
    [base, component.name, values, credentialId],
  );
  const inputs = formInputs(component, values);
  const main = inputs.filter((input) => showAllParams || !input.additionalParams);
  const additional = showAllParams ? [] : inputs.filter((input) => input.additionalParams);
  return (
    <Box data-testid={testId}>
      <OptionsLoaderContext.Provider value={loadChatflowOptions}>
        {component.credential && (
          <ParamField
            param={{ ...(component.credential as RichParam), label: CREDENTIAL_LABEL }}
            value={credentialId}
            node={subNode}
            setInputs={noop}
            onChange={(value) => onChange({ [credentialKey]: value })}
          />
        )}
        {[...main, ...(more ? additional : [])].map((input) => (
          <Box key={`${input.name}-${input.type}`}>
            <ParamField
              param={input}
              value={values[input.name]}
              node={subNode}
              setInputs={onChange}
              onChange={(value) => onChange({ [input.name]: value })}
            />
            {afterInput?.(input)}
          </Box>
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
