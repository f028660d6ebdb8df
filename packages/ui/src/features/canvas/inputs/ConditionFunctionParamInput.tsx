import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { memo, useState } from 'react';
import {
  conditionInputs,
  conditionLayout,
  conditionSummary,
  readCondition,
  type ConditionDraft,
} from '../document/conditionNode';
import { CodeParamInput } from './CodeParamInput';
import { ConditionDialog } from './ConditionDialog';
import type { ParamEditorProps } from './paramEditorProps';

/**
 * `conditionFunction` inputs (sequential-agent condition nodes): a summary on the card and a
 * dialog with the table and code tabs, as Flowise shows them. Saving the dialog stores the chosen
 * tab and its content; the chatflow canvas then rebuilds the node's outputs from them. An input
 * without those tabs is plain code.
 */
export const ConditionFunctionParamInput = memo(function ConditionFunctionParamInput(
  props: ParamEditorProps,
) {
  const { param, node, setInputs } = props;
  const [open, setOpen] = useState(false);
  const layout = conditionLayout(node, param);
  if (!layout) return <CodeParamInput {...props} />;

  const summary = conditionSummary(readCondition(node, layout));
  const save = (draft: ConditionDraft) => setInputs(conditionInputs(node, layout, draft));

  return (
    <Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontSize: 12.5, mb: 0.75 }}
        noWrap
        title={summary}
      >
        {summary}
      </Typography>
      <Button
        fullWidth
        variant="outlined"
        size="small"
        startIcon={<EditOutlinedIcon fontSize="small" />}
        onClick={() => setOpen(true)}
      >
        Edit Condition
      </Button>
      {open && <ConditionDialog data={node} layout={layout} onSave={save} onClose={() => setOpen(false)} />}
    </Box>
  );
});
