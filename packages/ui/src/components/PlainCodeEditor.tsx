import Box from '@mui/material/Box';
import { useRef, type ChangeEvent, type KeyboardEvent, type UIEvent } from 'react';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const LINE_HEIGHT = 20;

/** A plain code editor (monospace text area with line numbers; Tab indents by two spaces): what the code editor shows while CodeMirror loads. */
export function PlainCodeEditor({
  value,
  onChange,
  label,
  minLines = 12,
  readOnly = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  minLines?: number;
  readOnly?: boolean;
}) {
  const gutter = useRef<HTMLDivElement>(null);
  const lines = Math.max(value.split('\n').length, minLines);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Tab' || event.shiftKey || readOnly) return;
    event.preventDefault();
    const area = event.currentTarget;
    const { selectionStart, selectionEnd } = area;
    const next = `${value.slice(0, selectionStart)}  ${value.slice(selectionEnd)}`;
    onChange(next);
    requestAnimationFrame(() => {
      area.selectionStart = area.selectionEnd = selectionStart + 2;
    });
  };

  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: theme.palette.mode === 'dark' ? '#0B0D12' : '#FAFAFC',
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
        },
      })}
    >
      <Box
        ref={gutter}
        aria-hidden
        sx={{
          py: 1.25,
          px: 1,
          minWidth: 44,
          textAlign: 'right',
          fontFamily: MONO,
          fontSize: 13,
          lineHeight: `${LINE_HEIGHT}px`,
          color: 'text.disabled',
          userSelect: 'none',
          borderRight: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          maxHeight: LINE_HEIGHT * 24 + 20,
        }}
      >
        {Array.from({ length: lines }, (_, i) => (
          <div key={i}>{i + 1}</div>
        ))}
      </Box>
      <Box
        component="textarea"
        aria-label={label}
        spellCheck={false}
        readOnly={readOnly}
        value={value}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(e: UIEvent<HTMLTextAreaElement>) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        rows={Math.min(lines, 24)}
        sx={{
          flex: 1,
          resize: 'vertical',
          border: 0,
          outline: 0,
          py: 1.25,
          px: 1.5,
          fontFamily: MONO,
          fontSize: 13,
          lineHeight: `${LINE_HEIGHT}px`,
          whiteSpace: 'pre',
          overflow: 'auto',
          bgcolor: 'transparent',
          color: 'text.primary',
          tabSize: 2,
          maxHeight: LINE_HEIGHT * 24 + 20,
        }}
      />
    </Box>
  );
}
