import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { memo, useRef, useState } from 'react';
import { fileNames, filesToValue } from './fileValue';
import type { ParamEditorProps } from './paramEditorProps';

/** `file` inputs: pick files; they are stored inline as data URLs with their names. */
export const FileParamInput = memo(function FileParamInput({
  param,
  value,
  onChange,
  label,
}: ParamEditorProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const names = fileNames(value);

  const pick = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setError('');
    try {
      onChange(await filesToValue(Array.from(files)));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Box>
      <input
        ref={picker}
        type="file"
        hidden
        multiple={param.list === true}
        accept={param.fileType}
        aria-label={label}
        onChange={(event) => {
          void pick(event.target.files);
          event.target.value = '';
        }}
      />
      {names.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
          {names.map((name, index) => (
            <Chip key={`${name}-${index}`} size="small" label={name} onDelete={() => onChange('')} />
          ))}
        </Box>
      )}
      <Button
        fullWidth
        variant="outlined"
        size="small"
        startIcon={<UploadFileIcon />}
        onClick={() => picker.current?.click()}
      >
        {names.length > 0 ? 'Replace file' : param.list ? 'Upload files' : 'Upload file'}
      </Button>
      {param.fileType && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          Accepts {param.fileType}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
});
