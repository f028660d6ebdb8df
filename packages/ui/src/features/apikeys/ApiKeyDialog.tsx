import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createApiKeyBody, type ApiKey } from '@flowloom/shared';
import { useMemo, useState, type FormEvent } from 'react';
import { useAccess } from '../../app/useAccess';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { permissionAreas } from './permissionAreas';
import { PermissionPicker, type AccessMode } from './PermissionPicker';
import { formPaper } from '../../components/forms/formPaper';

/** Name and permissions of a new or existing API key. */
export function ApiKeyDialog({
  apiKey,
  onClose,
  onSubmit,
}: {
  apiKey?: ApiKey;
  onClose: () => void;
  onSubmit: (body: { keyName: string; permissions: string[] }) => Promise<void>;
}) {
  const [keyName, setKeyName] = useState(apiKey?.keyName ?? '');
  const access = useAccess();
  const areas = useMemo(
    () =>
      permissionAreas(
        (feature) => access.hasFeature(feature),
        (permission) => access.can(permission),
      ),
    [access],
  );
  // A key holding every permission of this edition (or, as keys made before permissions, none) has
  // full access: show that, not a hundred ticked boxes.
  const [mode, setMode] = useState<AccessMode>(() => {
    const held = new Set<string>(apiKey?.permissions ?? []);
    const full = held.size === 0 || areas.every((area) => area.ids.every((id) => held.has(id)));
    return full ? 'full' : 'areas';
  });
  const [permissions, setPermissions] = useState<string[]>(apiKey?.permissions ?? []);
  const { errors, setErrors, edited } = useFieldErrors();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = mode === 'full' ? areas.flatMap((area) => area.ids) : permissions;
    const parsed = createApiKeyBody.safeParse({ keyName, permissions: chosen });
    if (!parsed.success || (mode === 'areas' && chosen.length === 0)) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed)),
        ...(mode === 'areas' &&
          chosen.length === 0 && {
            permissions: 'Choose at least one permission, or give the key full access.',
          }),
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit({ keyName: parsed.data.keyName, permissions: parsed.data.permissions });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="apikey-dialog-title"
      slotProps={formPaper((e) => void submit(e))}
    >
      <DialogTitle id="apikey-dialog-title">{apiKey ? 'Edit API Key' : 'Create New API Key'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Key Name *"
            autoFocus
            value={keyName}
            onChange={(e) => {
              setKeyName(e.target.value);
              edited('keyName');
            }}
            error={Boolean(errors.keyName)}
            helperText={errors.keyName}
            fullWidth
          />
          <div>
            <Typography variant="h6" gutterBottom>
              Permissions
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              What a caller using this key may do.
            </Typography>
            {errors.permissions && (
              <Typography variant="body2" color="error" role="alert" sx={{ mb: 1.5 }}>
                {errors.permissions}
              </Typography>
            )}
            <PermissionPicker
              areas={areas}
              mode={mode}
              onModeChange={(next) => {
                setMode(next);
                edited('permissions');
              }}
              value={permissions}
              onChange={(next) => {
                setPermissions(next);
                edited('permissions');
              }}
            />
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {apiKey ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
