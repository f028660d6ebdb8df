import { useAccess } from '../../app/useAccess';
import { OverrideConfigTable } from './OverrideConfigTable';
import type { SectionProps } from './sectionProps';
import { useFlowOverrides } from './useFlowOverrides';

/** Override Config: `apiConfig.overrideConfig`, the inputs an API call may change (FLOWISE_API.md §1.5). */
export function OverrideConfigSection({ flow, save }: SectionProps) {
  const access = useAccess();
  const overrides = useFlowOverrides(flow, access.can('variables:view'));
  return (
    <OverrideConfigTable
      chatflow={flow}
      overrides={overrides}
      canEdit
      onSave={(apiConfig) => save({ apiConfig }, 'Override Configuration Saved')}
    />
  );
}
