import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { CopyButton } from '../../components/CopyButton';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Readable JSON text of any value (strings stay as they are). */
export function toJsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A value as pretty-printed JSON in a scrollable monospace block, with a copy button. */
export function JsonView({
  value,
  label = 'Copy JSON',
  maxHeight = 360,
}: {
  value: unknown;
  label?: string;
  maxHeight?: number;
}) {
  const text = useMemo(() => toJsonText(value), [value]);
  return (
    <Box
      sx={(theme) => ({
        position: 'relative',
        borderRadius: '8px',
        border: 1,
        borderColor: 'divider',
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.03)' : 'rgba(17,24,39,0.025)',
      })}
    >
      <Box sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CopyButton text={text} label={label} />
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          pr: 5,
          fontFamily: MONO,
          fontSize: 12.5,
          lineHeight: 1.55,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          maxHeight,
          overflow: 'auto',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
