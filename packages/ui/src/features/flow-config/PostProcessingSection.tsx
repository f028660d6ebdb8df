import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { POST_PROCESSING_MAX_CHARS } from '@flowloom/shared';
import { useState } from 'react';
import { CodeEditor } from '../../components/CodeEditor';
import { readColumn, withKey } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** The variables the function sees (Flowise's names). */
const VARIABLES: [string, string, string][] = [
  ['$flow.rawOutput', 'string', 'The answer, before post-processing'],
  ['$flow.input', 'string', 'The question'],
  ['$flow.chatHistory', 'array', 'The conversation so far ({role, content})'],
  ['$flow.chatflowId', 'string', 'The id of this flow'],
  ['$flow.sessionId', 'string', 'The session of the conversation'],
  ['$flow.chatId', 'string', 'The chat of the conversation'],
  ['$flow.sourceDocuments', 'array', 'Documents the answer was based on'],
  ['$flow.usedTools', 'array', 'Tools the answer used'],
  ['$flow.artifacts', 'array', 'Images and files the answer made'],
  ['$flow.fileAnnotations', 'array', 'File citations of the answer'],
];

/** Stored JSON-encoded (Flowise); older or hand-written values may be plain source. */
function sourceOf(stored: unknown): string {
  if (typeof stored !== 'string') return '';
  try {
    const parsed = JSON.parse(stored) as unknown;
    return typeof parsed === 'string' ? parsed : stored;
  } catch {
    return stored;
  }
}

/** Post Processing: `chatbotConfig.postProcessing`, a sandboxed function that rewrites each answer. */
export function PostProcessingSection({ flow, save }: SectionProps) {
  const stored = (readColumn(flow, 'chatbotConfig').postProcessing ?? {}) as {
    enabled?: boolean;
    customFunction?: string;
  };
  const [enabled, setEnabled] = useState(stored.enabled === true);
  const [source, setSource] = useState(sourceOf(stored.customFunction));
  const tooLong = source.length > POST_PROCESSING_MAX_CHARS - 2;
  const onSave = () =>
    save(
      withKey(flow, 'chatbotConfig', { postProcessing: { enabled, customFunction: JSON.stringify(source) } }),
      'Post Processing Settings Saved',
    );
  return (
    <SectionForm
      onSave={onSave}
      disabled={!source.trim() || tooLong}
      note="The function runs in a sandbox on every answer and returns the text to show instead (an object is shown as JSON). Answers are not streamed while it is on; if it fails or runs too long, the answer is kept as it was."
    >
      <SectionSwitch label="Enable Post Processing" checked={enabled} onChange={setEnabled} />
      <CodeEditor label="JS Function" value={source} onChange={setSource} minLines={8} />
      {tooLong && (
        <Typography color="error" variant="body2">
          The function is longer than {POST_PROCESSING_MAX_CHARS} characters.
        </Typography>
      )}
      <Typography variant="subtitle2">Available Variables</Typography>
      <Table size="small" aria-label="Available Variables">
        <TableHead>
          <TableRow>
            <TableCell>Variable</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {VARIABLES.map(([name, type, description]) => (
            <TableRow key={name}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{name}</TableCell>
              <TableCell>{type}</TableCell>
              <TableCell>{description}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionForm>
  );
}
