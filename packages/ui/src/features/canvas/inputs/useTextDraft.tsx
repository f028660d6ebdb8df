import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { textOf, type ParamEditorProps } from './paramEditorProps';
import { useDraftValue } from './useDraftValue';

/** Turns the typed text into the stored value: numbers are stored as numbers, empty as ''. */
function toStored(type: string, text: string): unknown {
  if (type !== 'number' || text.trim() === '') return text;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** The draft of a text-like input of either canvas: typed freely, committed as its stored value. */
export function useTextDraft({
  param,
  value,
  onChange,
}: Pick<ParamEditorProps, 'param' | 'value' | 'onChange'>) {
  return useDraftValue(textOf(value), (text) => onChange(toStored(param.type, text)));
}

/** The button that opens a long text input in a larger editor. */
export function ExpandButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title="Expand">
      <IconButton size="small" edge="end" aria-label={`Expand ${label}`} onClick={onClick}>
        <OpenInFullIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
