import Box from '@mui/material/Box';
import { type NodeProps } from '@xyflow/react';
import { memo, useCallback } from 'react';
import { NODE_WIDTH } from '../document/createNode';
import type { CanvasNode } from '../document/types';
import { useCanvasActions } from '../editor/CanvasActionsContext';
import { noteColors } from '../editor/canvasStyles';
import { textOf } from '../inputs/paramEditorProps';
import { useDraftValue } from '../inputs/useDraftValue';
import { useCanvasReadOnly } from '../shell/readOnly';
import { NodeSilhouette } from './NodeSilhouette';
import { NodeToolbarActions } from './NodeToolbarActions';
import { useMeasuredSize, useNodeDetail } from './useNodeDetail';

/** Rows that show the whole note (lines wrap at about 36 characters), 3 to 30. */
function noteRows(text: string): number {
  const rows = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 36)), 0);
  return Math.min(Math.max(rows, 3), 30);
}

/**
 * A sticky note (`stickyNote` nodes): free text on the canvas, never connected or run. Zoomed out
 * below editing size, a measured note is drawn as plain text in a box of the same size.
 */
export const StickyNoteNode = memo(function StickyNoteNode(props: NodeProps<CanvasNode>) {
  const detail = useNodeDetail(props.id);
  const measured = useMeasuredSize(props.id).height > 0;
  if (detail !== 'full' && measured) {
    return (
      <NodeSilhouette
        nodeId={props.id}
        title={textOf(props.data.inputs.note)}
        selected={props.selected}
        note
      />
    );
  }
  return <EditableNote {...props} />;
});

const EditableNote = memo(function EditableNote({ id, data, selected }: NodeProps<CanvasNode>) {
  const actions = useCanvasActions();
  const readOnly = useCanvasReadOnly();
  const commit = useCallback((note: string) => actions.setInputs(id, { note }), [actions, id]);
  const { draft, setDraft, flush } = useDraftValue(textOf(data.inputs.note), commit);
  const placeholder =
    data.inputParams.find((param) => param.name === 'note')?.placeholder ?? 'Type something here';
  return (
    <Box
      sx={(theme) => ({
        width: NODE_WIDTH,
        position: 'relative',
        borderRadius: '10px',
        bgcolor: noteColors(theme).background,
        border: 1,
        borderColor: selected ? 'primary.main' : noteColors(theme).border,
        boxShadow: '0 6px 18px rgba(0,0,0,0.12)',
        '& .flowloom-node-toolbar': { opacity: selected ? 1 : 0, pointerEvents: selected ? 'auto' : 'none' },
        '&:hover .flowloom-node-toolbar': { opacity: 1, pointerEvents: 'auto' },
      })}
    >
      <NodeToolbarActions nodeId={id} label="sticky note" info={false} />
      <Box
        sx={{ height: 14, cursor: 'grab', borderBottom: 1, borderColor: 'rgba(0,0,0,0.06)' }}
        aria-hidden
      />
      <Box
        component="textarea"
        className="nodrag nowheel"
        aria-label="Sticky note"
        readOnly={readOnly}
        value={draft}
        placeholder={placeholder}
        onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setDraft(event.target.value)}
        onBlur={flush}
        rows={noteRows(draft)}
        sx={(theme) => ({
          display: 'block',
          width: '100%',
          resize: 'none',
          border: 0,
          outline: 0,
          bgcolor: 'transparent',
          px: 1.75,
          py: 1.25,
          font: 'inherit',
          fontSize: 14,
          lineHeight: 1.55,
          color: noteColors(theme).text,
          '&::placeholder': { color: noteColors(theme).placeholder },
        })}
      />
    </Box>
  );
});
