import type { ParamOption } from '@flowloom/shared';
import { memo, useMemo } from 'react';
import { DraftChoiceField, type DescribedChoice } from './ChoiceField';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useLoadedChoices } from './useLoadedChoices';

/** An earlier node as Flowise's Execute Flow Input offers it: `{{ <nodeId> }}`. */
const nodeChoice = (_method: string, option: ParamOption): DescribedChoice => ({
  value: `{{ ${option.name} }}`,
  label: `{{ ${option.name} }}`,
  description: `Output from ${option.label}`,
});

/**
 * `options` inputs marked `freeSolo` (Execute Flow's Input): a listed option, shown by its label and
 * stored by its name (`{{ question }}` is `userQuestion`); with `loadPreviousNodes`, the earlier
 * nodes' outputs as `{{ <nodeId> }}` (load method `getPreviousMessages`); or any text typed.
 */
export const FreeSoloOptionsParamInput = memo(function FreeSoloOptionsParamInput({
  param,
  value,
  onChange,
  node,
  label,
}: ParamEditorProps) {
  // Listed options are written into the field as their label and stored by their name.
  const listed = useMemo<(DescribedChoice & { name: string })[]>(
    () =>
      (param.options ?? []).map((option) => ({
        name: option.name,
        value: option.label,
        label: option.label,
        ...(option.description && { description: option.description }),
      })),
    [param.options],
  );
  const methods = param.loadPreviousNodes ? ['getPreviousMessages'] : [];
  const { choices, loading, load } = useLoadedChoices(node, param.name, methods, nodeChoice);
  const stored = textOf(value);
  return (
    <DraftChoiceField
      value={listed.find((choice) => choice.name === stored)?.label ?? stored}
      commit={(text) => onChange(listed.find((choice) => choice.label === text)?.name ?? text)}
      onOpen={methods.length > 0 ? load : undefined}
      choices={[...listed, ...(choices ?? [])]}
      loading={loading}
      label={label}
      placeholder={param.placeholder ?? 'Choose or type'}
    />
  );
});
