import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { readColumn, withKey } from './flowSettings';
import { SectionForm, SectionSwitch } from './SectionForm';
import type { SectionProps } from './sectionProps';

/** The file types a chat may attach in full (label, MIME type). */
export const FULL_UPLOAD_TYPES: readonly [string, string][] = [
  ['CSS', 'text/css'],
  ['CSV', 'text/csv'],
  ['HTML', 'text/html'],
  ['JSON', 'application/json'],
  ['Markdown', 'text/markdown'],
  ['YAML', 'application/x-yaml'],
  ['PDF', 'application/pdf'],
  ['SQL', 'application/sql'],
  ['Text File', 'text/plain'],
  ['XML', 'application/xml'],
  ['DOC', 'application/msword'],
  ['DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['PPTX', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

interface FullFileUpload {
  status?: boolean;
  allowedUploadFileTypes?: string;
  pdfFile?: { usage?: 'perPage' | 'perFile' };
}

/** File Upload: `chatbotConfig.fullFileUpload` (files read whole into the question, FLOWISE_API.md §1.6). */
export function FileUploadSection({ flow, save }: SectionProps) {
  const stored = (readColumn(flow, 'chatbotConfig').fullFileUpload ?? {}) as FullFileUpload;
  const [status, setStatus] = useState(stored.status === true);
  const [types, setTypes] = useState<string[]>(
    stored.allowedUploadFileTypes
      ? stored.allowedUploadFileTypes.split(',').filter(Boolean)
      : FULL_UPLOAD_TYPES.map(([, mime]) => mime),
  );
  const [usage, setUsage] = useState<'perPage' | 'perFile'>(stored.pdfFile?.usage ?? 'perPage');
  const toggle = (mime: string, checked: boolean) =>
    setTypes((current) => (checked ? [...current, mime] : current.filter((t) => t !== mime)));
  const onSave = () =>
    save(
      withKey(flow, 'chatbotConfig', {
        fullFileUpload: { status, allowedUploadFileTypes: types.join(','), pdfFile: { usage } },
      }),
      'File Upload Configuration Saved',
    );
  return (
    <SectionForm
      onSave={onSave}
      note="The full contents of uploaded files will be converted to text and sent to the Agent."
    >
      <SectionSwitch label="Enable Full File Upload" checked={status} onChange={setStatus} />
      <FormLabel component="legend">Allow Uploads of Type</FormLabel>
      <FormGroup row>
        {FULL_UPLOAD_TYPES.map(([label, mime]) => (
          <FormControlLabel
            key={mime}
            sx={{ width: 150 }}
            control={
              <Checkbox
                checked={types.includes(mime)}
                onChange={(event) => toggle(mime, event.target.checked)}
              />
            }
            label={label}
          />
        ))}
      </FormGroup>
      {status && (
        <>
          <FormLabel component="legend">PDF files</FormLabel>
          <RadioGroup
            value={usage}
            onChange={(event) => setUsage(event.target.value as 'perPage' | 'perFile')}
          >
            <FormControlLabel value="perPage" control={<Radio />} label="One document per page" />
            <FormControlLabel value="perFile" control={<Radio />} label="One document per file" />
          </RadioGroup>
        </>
      )}
    </SectionForm>
  );
}
