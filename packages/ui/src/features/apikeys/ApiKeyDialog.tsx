import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createApiKeyBody, type ApiKey } from '@flowloom/shared';
import { useMemo, useState } from 'react';
import { useAccess } from '../../app/useAccess';
import { fieldErrors } from '../../components/forms/fieldErrors';
import { FormDialog, useSubmit } from '../../components/forms/FormDialog';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { permissionAreas } from './permissionAreas';
import { PermissionPicker, type AccessMode } from './PermissionPicker';

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
  const { errors, setErrors, edited, bind } = useFieldErrors();
  const { busy, run } = useSubmit();

  const submit = () => {
    const chosen = mode === 'full' ? areas.flatMap((area) => area.ids) : permissions;
    const parsed = createApiKeyBody.safeParse({ keyName, permissions: chosen });
    const found = parsed.success ? {} : fieldErrors(parsed);
    if (mode === 'areas' && chosen.length === 0)
      found.permissions = 'Choose at least one permission, or give the key full access.';
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0)
      void run(() => onSubmit({ keyName: parsed.data.keyName, permissions: parsed.data.permissions }));
  };

  return (
    <FormDialog
      title={apiKey ? 'Edit API Key' : 'Create New API Key'}
      submitLabel={apiKey ? 'Save' : 'Create'}
      busy={busy}
      maxWidth="md"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Key Name *" autoFocus {...bind('keyName', keyName, setKeyName)} fullWidth />
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
    </FormDialog>
  );
}
