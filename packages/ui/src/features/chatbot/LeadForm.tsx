import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errorMessage';
import type { LeadSettings } from './chatbotTheme';

export interface LeadDetails {
  name?: string;
  email?: string;
  phone?: string;
}

const PHONE = /^([+]?[\s0-9]+)?(\d{3}|[(]?[0-9]+[)])?([-]?[\s]?[0-9])+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with each asked field, as the Flowise embed words it; empty when all is well. */
export function leadProblems(settings: LeadSettings, details: LeadDetails): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = details.name?.trim() ?? '';
  const email = details.email?.trim() ?? '';
  const phone = details.phone?.trim() ?? '';
  if (settings.name && name.length < 2) problems.name = 'Name is too short';
  if (settings.email && !EMAIL.test(email)) problems.email = 'Please provide a valid email';
  if (settings.phone) {
    if (phone.length < 5) problems.phone = 'Phone number is too short';
    else if (!PHONE.test(phone)) problems.phone = 'Invalid Number!';
  }
  return problems;
}

/**
 * The contact form a chatbot with lead capture shows before the first question (SHARING.md §2.1
 * Leads): the asked fields, checked here, then saved by `onSave` (`POST /leads`).
 */
export function LeadForm({
  settings,
  onSave,
}: {
  settings: LeadSettings;
  onSave: (details: LeadDetails) => Promise<void>;
}) {
  const [details, setDetails] = useState<LeadDetails>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = leadProblems(settings, details);
    setProblems(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSave({
        ...(settings.name && { name: details.name?.trim() }),
        ...(settings.email && { email: details.email?.trim() }),
        ...(settings.phone && { phone: details.phone?.trim() }),
      });
    } catch (error) {
      setFailure(errorMessage(error, 'Your details could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof LeadDetails, label: string, type: string) => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={details[key] ?? ''}
      onChange={(event) => setDetails((current) => ({ ...current, [key]: event.target.value }))}
      error={Boolean(problems[key])}
      helperText={problems[key]}
      slotProps={{ htmlInput: { maxLength: 255, 'aria-label': label } }}
    />
  );

  return (
    <Box
      component="form"
      aria-label="Contact details"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {settings.title}
      </Typography>
      {settings.name && field('name', 'Name', 'text')}
      {settings.email && field('email', 'Email Address', 'email')}
      {settings.phone && field('phone', 'Phone Number', 'tel')}
      {failure && (
        <Alert severity="error" sx={{ py: 0 }}>
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={saving} sx={{ alignSelf: 'flex-start' }}>
        Submit
      </Button>
    </Box>
  );
}
