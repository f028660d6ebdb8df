import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { memo, useContext, useState } from 'react';
import { ArrayItemContext } from '../../canvas/inputs/arrayItemContext';
import type { ParamEditorProps } from '../../canvas/inputs/paramEditorProps';
import { TextParamInput } from '../../canvas/inputs/TextParamInput';
import { useNotify } from '../../notifications/useNotify';
import { agentApi } from '../agentApi';

/** The chat model a v2 node names (`agentModel`, `llmModel`…) with its settings. */
export function nodeChatModel(
  inputs: Record<string, unknown>,
): { name: string; inputs: Record<string, unknown> } | undefined {
  for (const key of ['agentModel', 'llmModel']) {
    const name = inputs[key];
    if (typeof name !== 'string' || name === '') continue;
    const config = inputs[`${key}Config`];
    return { name, inputs: config && typeof config === 'object' ? (config as Record<string, unknown>) : {} };
  }
  return undefined;
}

/**
 * "Describe Knowledge" of an Agent's document-store row, with a wand that has the node's chat model
 * write the description from the store's first chunks (Flowise's "Generate knowledge base
 * description").
 */
export const KnowledgeDescriptionInput = memo(function KnowledgeDescriptionInput(props: ParamEditorProps) {
  const item = useContext(ArrayItemContext);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    const choice = typeof item?.documentStore === 'string' ? item.documentStore : '';
    const storeId = choice.split(':')[0];
    if (!storeId) {
      notify.info('Please select a knowledge base');
      return;
    }
    const model = nodeChatModel(props.node.inputs);
    if (!model) {
      notify.info('Please select a chat model for this node first');
      return;
    }
    setBusy(true);
    try {
      const { content } = await agentApi.describeKnowledge(storeId, model);
      props.onChange(content);
      notify.success('Document Store Tool Description generated successfully');
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextParamInput {...props} />
      </Box>
      <Tooltip title="Generate knowledge base description">
        <span>
          <IconButton
            size="small"
            aria-label="Generate knowledge base description"
            onClick={() => void generate()}
            disabled={busy}
            sx={{ mt: 0.5 }}
          >
            {busy ? <CircularProgress size={16} /> : <AutoFixHighIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
});
