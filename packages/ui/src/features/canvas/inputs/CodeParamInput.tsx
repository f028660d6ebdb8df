import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { memo, useState } from 'react';
import { CodeEditor } from '../../../components/CodeEditor';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';

/** `code` inputs (and `conditionFunction` ones without tabs): a monospace editor, with a larger one in a dialog. */
export const CodeParamInput = memo(function CodeParamInput({ value, onChange, label }: ParamEditorProps) {
  const { draft, setDraft, flush } = useDraftValue(textOf(value), onChange);
  const [expanded, setExpanded] = useState(false);
  return (
    <Box onBlur={flush}>
      <CodeEditor label={label} value={draft} onChange={setDraft} minLines={6} />
      <Button
        size="small"
        startIcon={<OpenInFullIcon sx={{ fontSize: 14 }} />}
        onClick={() => setExpanded(true)}
        sx={{ mt: 0.5 }}
      >
        Expand
      </Button>
      {expanded && (
        <Dialog open fullWidth maxWidth="md" onClose={() => setExpanded(false)}>
          <DialogTitle>{label}</DialogTitle>
          <DialogContent>
            <CodeEditor label={`${label} (expanded)`} value={draft} onChange={setDraft} minLines={22} />
          </DialogContent>
          <DialogActions>
            <Button
              variant="contained"
              onClick={() => {
                flush();
                setExpanded(false);
              }}
            >
              Done
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
});
