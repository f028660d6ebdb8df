import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';

/** A section's form: its fields and a Save button that shows while saving. */
export function SectionForm({
  children,
  onSave,
  disabled = false,
  note,
}: {
  children: ReactNode;
  onSave: () => Promise<unknown>;
  disabled?: boolean;
  /** A sentence above the fields. */
  note?: ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      {children}
      <Box>
        <Button type="submit" variant="contained" disabled={disabled || saving}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

/** A labelled on/off switch. */
export function SectionSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );
}
