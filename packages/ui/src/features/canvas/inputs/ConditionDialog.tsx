import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useState } from 'react';
import { CodeEditor } from '../../../components/CodeEditor';
import {
  conditionAlert,
  conditionOutputNames,
  readCondition,
  type ConditionDraft,
  type ConditionLayout,
  type ConditionMode,
} from '../document/conditionNode';
import type { CanvasNodeData, RichParam } from '../document/types';
import { ConditionTable } from './ConditionTable';

/** The `hint` of a code tab: a "How to use" text. */
function hintOf(tab: RichParam): { label: string; value: string } | undefined {
  const hint = (tab as { hint?: unknown }).hint;
  if (!hint || typeof hint !== 'object') return undefined;
  const { label, value } = hint as { label?: unknown; value?: unknown };
  return typeof value === 'string'
    ? { label: typeof label === 'string' ? label : 'How to use', value }
    : undefined;
}

/** The code tab: the "How to use" text, an example to start from and the editor. */
function ConditionCode({
  tab,
  code,
  onChange,
}: {
  tab: RichParam;
  code: string;
  onChange: (code: string) => void;
}) {
  const [showHint, setShowHint] = useState(false);
  const hint = hintOf(tab);
  const example = (tab as { codeExample?: unknown }).codeExample;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, alignItems: 'center' }}>
        {tab.description && (
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {tab.description}
          </Typography>
        )}
        {hint && (
          <Button
            size="small"
            startIcon={<HelpOutlineIcon />}
            onClick={() => setShowHint((shown) => !shown)}
            aria-expanded={showHint}
          >
            {hint.label}
          </Button>
        )}
        {typeof example === 'string' && !code.trim() && (
          <Button size="small" onClick={() => onChange(example)}>
            Insert example
          </Button>
        )}
      </Box>
      {hint && (
        <Collapse in={showHint}>
          <Box
            sx={{
              mb: 1.5,
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'action.hover',
              fontSize: 12.5,
              whiteSpace: 'pre-wrap',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              maxHeight: 260,
              overflow: 'auto',
            }}
          >
            {hint.value.trim()}
          </Box>
        </Collapse>
      )}
      <CodeEditor label={tab.label || 'Condition code'} value={code} onChange={onChange} minLines={14} />
    </Box>
  );
}

/**
 * Edits a condition node's condition: a table of conditions or code, as two tabs. The outputs
 * that the draft gives are previewed; Save checks the draft first and, when it cannot be saved,
 * shows the alert (SPEC §5) and stays open. Cancel, Escape and the close button discard the draft.
 */
export function ConditionDialog({
  data,
  layout,
  onSave,
  onClose,
}: {
  data: CanvasNodeData;
  layout: ConditionLayout;
  onSave: (draft: ConditionDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => readCondition(data, layout));
  const [alert, setAlert] = useState<string | null>(null);
  const modes = (['table', 'code'] as const).filter((mode) => layout[mode]);
  const tabOf = (mode: ConditionMode) => layout[mode];
  const active = tabOf(draft.mode);
  const outputs = conditionOutputNames(draft);

  const change = (next: Partial<ConditionDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setAlert(null);
  };

  const save = () => {
    const problem = conditionAlert(draft);
    if (problem) {
      setAlert(problem);
      return;
    }
    onSave(draft);
    onClose();
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      aria-labelledby="condition-dialog-title"
      // A stray click beside the dialog should not throw away a half-filled table.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
    >
      <DialogTitle id="condition-dialog-title">
        Condition
        <Typography variant="body2" color="text.secondary">
          {data.label} · {data.id}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ pt: 1 }}>
        <Tabs
          value={draft.mode}
          onChange={(_event, mode: ConditionMode) => change({ mode })}
          sx={{ mb: 2, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          {modes.map((mode) => (
            <Tab key={mode} value={mode} label={tabOf(mode)?.label ?? mode} />
          ))}
        </Tabs>
        {active && draft.mode === 'table' && (
          <ConditionTable tab={active} node={data} rows={draft.rows} onChange={(rows) => change({ rows })} />
        )}
        {active && draft.mode === 'code' && (
          <ConditionCode tab={active} code={draft.code} onChange={(code) => change({ code })} />
        )}
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 2.5 }}
          aria-label="Outputs"
          role="group"
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }}>
            Outputs
          </Typography>
          {outputs.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              none yet
            </Typography>
          ) : (
            outputs.map((name) => <Chip key={name} size="small" label={name} variant="outlined" />)
          )}
        </Box>
        {alert && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {alert}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
