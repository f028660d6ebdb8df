import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import type { UsedTool } from '@flowloom/shared';
import { memo, useState } from 'react';

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The tools an agent called for an answer: chips that open to show input and output. */
export const UsedToolsList = memo(function UsedToolsList({ tools }: { tools: UsedTool[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : tools[open];
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {tools.map((tool, index) => (
          <Chip
            key={index}
            size="small"
            icon={<BuildOutlinedIcon />}
            label={tool.tool}
            color={tool.error ? 'error' : open === index ? 'secondary' : 'default'}
            variant={open === index ? 'filled' : 'outlined'}
            onClick={() => setOpen(open === index ? null : index)}
            aria-expanded={open === index}
          />
        ))}
      </Box>
      <Collapse in={shown !== undefined} unmountOnExit>
        {shown && (
          <Box
            sx={{
              mt: 1,
              p: 1.25,
              borderRadius: '8px',
              border: 1,
              borderColor: 'divider',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 11.5,
              maxHeight: 220,
              overflowY: 'auto',
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              Input
            </Typography>
            <Box component="pre" sx={{ m: 0, mb: 1, whiteSpace: 'pre-wrap' }}>
              {asText(shown.toolInput)}
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
              {shown.error ? 'Error' : 'Output'}
            </Typography>
            <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {shown.error ?? asText(shown.toolOutput)}
            </Box>
          </Box>
        )}
      </Collapse>
    </Box>
  );
});
