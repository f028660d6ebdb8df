import type { NodeDefinition } from '@flowloom/shared';
import { useMemo } from 'react';
import { createNodeData } from '../../features/canvas/document/createNode';
import type { CanvasNodeData, RichParam } from '../../features/canvas/document/types';
import { ParamField } from '../../features/canvas/inputs/ParamField';

const noop = () => undefined;

/** No node owns a form's credential; the canvas editors still want one to hand option loaders. */
const FORM_NODE = createNodeData(
  {
    label: '',
    name: 'form',
    version: 1,
    type: 'form',
    category: '',
    description: '',
    icon: '',
    baseClasses: [],
    inputs: [],
  } satisfies NodeDefinition,
  'form_0',
) as CanvasNodeData;

/**
 * A stored credential of the given types, chosen as on the canvas (the list, refresh, "Create new"),
 * for forms outside a flow (an OpenAI assistant, a vector store).
 */
export function CredentialField({
  label,
  credentialNames,
  value,
  onChange,
  description,
}: {
  label: string;
  credentialNames: readonly string[];
  value: string;
  onChange: (id: string) => void;
  description?: string;
}) {
  const param = useMemo<RichParam>(
    () => ({
      label,
      name: 'credential',
      type: 'credential',
      credentialNames: [...credentialNames],
      ...(description && { description }),
    }),
    [label, credentialNames.join(','), description],
  );
  return (
    <ParamField
      param={param}
      value={value}
      node={FORM_NODE}
      setInputs={noop}
      onChange={(next) => onChange(typeof next === 'string' ? next : '')}
    />
  );
}
