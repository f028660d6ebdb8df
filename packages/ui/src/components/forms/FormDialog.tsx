import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useNotify } from '../../features/notifications/useNotify';
import { formPaper } from './formPaper';

/**
 * The form dialog of every resource (tools, variables, credentials, API keys, renames): the title,
 * the fields in a column that scrolls between the title and the buttons, Cancel, and the submit
 * button, disabled while the form is busy. Enter in a field submits.
 */
export function FormDialog({
  title,
  submitLabel,
  busy,
  submitDisabled = false,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  secondaryAction,
  children,
}: {
  title: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** Also disables submitting (e.g. while the record is loading). */
  submitDisabled?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  onClose: () => void;
  onSubmit: () => void;
  /** A button at the start of the button row (e.g. "Save As Template"). */
  secondaryAction?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
      slotProps={formPaper(submit)}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {secondaryAction && <Box sx={{ mr: 'auto' }}>{secondaryAction}</Box>}
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The busy state of a form's submit: `run` marks the form busy while `work` runs, and hands a
 * failure to `onError` (when given; otherwise the caller's caller sees it).
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>, onError?: (error: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!onError) throw error;
      onError(error);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/**
 * Saving a form's record, new or `editing`: busy while `write` runs, then "Tool added" (or "Tool
 * saved", for the `noun` `Tool`) and `onSaved` with the server's answer. A failure is toasted as
 * "Failed to add tool: " and the server's message, unless `claim` shows that message elsewhere (and
 * says so by returning true).
 */
export function useSave<T>(noun: string, editing: boolean, onSaved: (saved: T) => void) {
  const notify = useNotify();
  const { busy, run } = useSubmit();
  const save = (write: () => Promise<T>, claim?: (message: string) => boolean) =>
    void run(
      async () => {
        const saved = await write();
        notify.success(`${noun} ${editing ? 'saved' : 'added'}`);
        onSaved(saved);
      },
      (error) => {
        if (claim?.(errorMessage(error))) return;
        notify.error(error, { prefix: `Failed to ${editing ? 'save' : 'add'} ${noun.toLowerCase()}: ` });
      },
    );
  return { busy, save };
}
