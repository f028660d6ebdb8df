import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { PermissionArea } from './permissionAreas';

/** Resources whose name does not read well once split into words. */
const LABELS: Record<string, string> = { apikeys: 'API Keys', sso: 'SSO', auditLogs: 'Audit Logs' };

function resourceLabel(resource: string): string {
  if (LABELS[resource]) return LABELS[resource];
  const spaced = resource.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export type AccessMode = 'full' | 'areas';

/**
 * A key's permissions: "Full access" (every area of this edition) or "Choose by area", with
 * checkboxes grouped by area, an all-toggle per area, and select all / clear all.
 */
export function PermissionPicker({
  areas,
  mode,
  onModeChange,
  value,
  onChange,
}: {
  areas: PermissionArea[];
  mode: AccessMode;
  onModeChange: (mode: AccessMode) => void;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const selected = new Set(value);
  const set = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next]);
  };
  const everyId = areas.flatMap((area) => area.ids);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_event, next: AccessMode | null) => next && onModeChange(next)}
        aria-label="Access"
      >
        <ToggleButton value="full">Full access</ToggleButton>
        <ToggleButton value="areas">Choose by area</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'full' ? (
        <Typography variant="body2" color="text.secondary">
          The key may do everything in every area:{' '}
          {areas.map((area) => resourceLabel(area.resource)).join(', ')}.
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {selected.size} of {everyId.length} permissions chosen
            </Typography>
            <Button size="small" onClick={() => onChange(everyId)}>
              Select all
            </Button>
            <Button size="small" onClick={() => onChange([])} disabled={selected.size === 0}>
              Clear all
            </Button>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {areas.map(({ resource, ids }) => {
              const count = ids.filter((id) => selected.has(id)).length;
              return (
                <Box
                  key={resource}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1 }}
                >
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={count === ids.length}
                        indeterminate={count > 0 && count < ids.length}
                        onChange={(e) => set(ids, e.target.checked)}
                      />
                    }
                    label={<Typography fontWeight={600}>{resourceLabel(resource)}</Typography>}
                  />
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', pl: 1 }}>
                    {ids.map((id) => (
                      <FormControlLabel
                        key={id}
                        control={
                          <Checkbox
                            size="small"
                            checked={selected.has(id)}
                            onChange={(e) => set([id], e.target.checked)}
                            slotProps={{
                              input: { 'aria-label': `${resourceLabel(resource)}: ${id.split(':')[1]}` },
                            }}
                          />
                        }
                        label={<Typography variant="body2">{id.split(':')[1]}</Typography>}
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
