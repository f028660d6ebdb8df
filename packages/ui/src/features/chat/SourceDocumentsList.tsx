import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import type { SourceDocument } from '@flowloom/shared';
import { memo, useState } from 'react';

function titleOf(document: SourceDocument, index: number): string {
  const { source, title, filename } = document.metadata ?? {};
  const name = [title, source, filename].find((value) => typeof value === 'string' && value.trim() !== '');
  if (typeof name === 'string') return name.length > 40 ? `${name.slice(0, 40)}…` : name;
  const text = document.pageContent?.trim() ?? '';
  return text ? `${text.slice(0, 32)}${text.length > 32 ? '…' : ''}` : `Source ${index + 1}`;
}

/** The documents an answer drew on: chips that open to show the passage and its metadata. */
export const SourceDocumentsList = memo(function SourceDocumentsList({
  documents,
}: {
  documents: SourceDocument[];
}) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : documents[open];
  return (
    <Box sx={{ mt: 1 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}
      >
        Sources
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {documents.map((document, index) => (
          <Chip
            key={index}
            size="small"
            variant={open === index ? 'filled' : 'outlined'}
            color={open === index ? 'primary' : 'default'}
            icon={<DescriptionOutlinedIcon />}
            label={titleOf(document, index)}
            onClick={() => setOpen(open === index ? null : index)}
            aria-expanded={open === index}
          />
        ))}
      </Box>
      <Collapse in={shown !== undefined} unmountOnExit>
        {shown && (
          <Box
            sx={(theme) => ({
              mt: 1,
              p: 1.25,
              borderRadius: '8px',
              border: 1,
              borderColor: 'divider',
              bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.03)' : 'rgba(17,24,39,0.02)',
              maxHeight: 220,
              overflowY: 'auto',
            })}
          >
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', fontSize: 12.5 }}>
              {shown.pageContent}
            </Typography>
            {Object.keys(shown.metadata ?? {}).length > 0 && (
              <Box
                component="pre"
                sx={{
                  m: 0,
                  mt: 1,
                  fontSize: 11.5,
                  color: 'text.secondary',
                  whiteSpace: 'pre-wrap',
                  fontFamily: 'monospace',
                }}
              >
                {JSON.stringify(shown.metadata, null, 2)}
              </Box>
            )}
          </Box>
        )}
      </Collapse>
    </Box>
  );
});
