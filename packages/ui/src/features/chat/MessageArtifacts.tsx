import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { memo } from 'react';
import { Markdown } from './markdown/Markdown';

/** Something a tool or agent produced with an answer (Flowise `artifacts`). */
export interface Artifact {
  type: string;
  data: unknown;
}

/** The artifacts of a stored answer, if it is a list of them. */
export function artifactsOf(value: unknown): Artifact[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.filter(
    (item: unknown): item is Artifact =>
      typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string',
  );
  return items.length > 0 ? items : undefined;
}

/** Pictures are shown only from addresses a page may load: inline data or http(s). */
const showable = (data: unknown): data is string =>
  typeof data === 'string' &&
  (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(data) || /^https?:\/\//i.test(data));

/**
 * Images, HTML and text an answer produced. HTML is shown as its source (never run); a stored
 * picture the server does not serve shows as its name.
 */
export const MessageArtifacts = memo(function MessageArtifacts({
  artifacts,
  compact = false,
}: {
  artifacts: Artifact[];
  compact?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: compact ? 'row' : 'column', flexWrap: 'wrap', gap: 1, my: 1 }}>
      {artifacts.map((artifact, index) => {
        if (artifact.type === 'png' || artifact.type === 'jpeg') {
          return showable(artifact.data) ? (
            <Box
              key={index}
              component="img"
              src={artifact.data}
              alt="artifact"
              sx={{ maxWidth: compact ? 200 : '100%', borderRadius: '8px', display: 'block' }}
            />
          ) : (
            <Chip
              key={index}
              size="small"
              variant="outlined"
              icon={<ImageOutlinedIcon />}
              label={
                typeof artifact.data === 'string' ? artifact.data.replace('FILE-STORAGE::', '') : 'image'
              }
            />
          );
        }
        const text =
          typeof artifact.data === 'string' ? artifact.data : JSON.stringify(artifact.data, null, 2);
        if (artifact.type === 'html')
          return (
            <Box
              key={index}
              component="pre"
              sx={{
                m: 0,
                p: 1,
                fontSize: 11.5,
                whiteSpace: 'pre-wrap',
                border: 1,
                borderColor: 'divider',
                borderRadius: '8px',
              }}
            >
              {text}
            </Box>
          );
        return <Markdown key={index} text={text} />;
      })}
    </Box>
  );
});

/** Files an assistant answer cited (Flowise `fileAnnotations`): their names. */
export function FileAnnotationsList({ annotations }: { annotations: unknown }) {
  if (!Array.isArray(annotations)) return null;
  const names = annotations
    .map((a: unknown) => (a as { fileName?: unknown } | null)?.fileName)
    .filter((name): name is string => typeof name === 'string' && name !== '');
  if (names.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Files">
      {names.map((name, index) => (
        <Chip key={index} size="small" variant="outlined" icon={<AttachFileIcon />} label={name} />
      ))}
    </Box>
  );
}
