import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { PERMISSIONS } from '@flowloom/shared';

/** Resources whose name does not read well once split into words. */
const LABELS: Record<string, string> = { apikeys: 'API Keys', sso: 'SSO', auditLogs: 'Audit Logs' };

function resourceLabel(resource: string): string {
  if (LABELS[resource]) return LABELS[resource];
  const spaced = resource.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Permission checkboxes grouped by resource, with a per-resource "all" toggle. */
export function PermissionPicker({
  value,
  onChange,
}: {
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

  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {Object.entries(PERMISSIONS).map(([resource, actions]) => {
        const ids = (actions as readonly string[]).map((a) => `${resource}:${a}`);
        const count = ids.filter((id) => selected.has(id)).length;
        return (
          <Box key={resource} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1 }}>
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
  );
}
