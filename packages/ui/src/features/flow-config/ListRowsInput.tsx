import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';

/** Rows of text inputs with add and remove (domains, starter prompts); always at least one row. */
export function ListRowsInput({
  label,
  rows,
  onChange,
  placeholder,
  maxLength,
  maxRows,
}: {
  /** The row's accessible name: "<label> 1", "<label> 2"… */
  label: string;
  rows: string[];
  onChange: (rows: string[]) => void;
  placeholder?: string;
  maxLength: number;
  maxRows: number;
}) {
  const shown = rows.length > 0 ? rows : [''];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {shown.map((value, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            fullWidth
            size="small"
            value={value}
            placeholder={placeholder}
            slotProps={{ htmlInput: { 'aria-label': `${label} ${index + 1}`, maxLength } }}
            onChange={(event) => onChange(shown.map((row, i) => (i === index ? event.target.value : row)))}
          />
          <IconButton
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            disabled={shown.length === 1}
            onClick={() => onChange(shown.filter((_, i) => i !== index))}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={shown.length >= maxRows}
          onClick={() => onChange([...shown, ''])}
        >
          Add {label.toLowerCase()}
        </Button>
      </Box>
    </Box>
  );
}
