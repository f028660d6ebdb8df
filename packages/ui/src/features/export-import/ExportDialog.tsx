import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useAccess } from '../../app/useAccess';
import { useNotify } from '../notifications/useNotify';
import { downloadFile } from './downloadFile';
import { exportImportApi } from './exportImportApi';
import { EXPORT_FILE_NAME, EXPORT_TYPES, exportFileText, exportFlags } from './exportTypes';

/**
 * SPEC §2 export dialog: choose data types, export, download the JSON bundle. Only the types the
 * user may read are offered (the server refuses the others).
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useNotify();
  const access = useAccess();
  const types = useMemo(() => EXPORT_TYPES.filter((t) => access.can(t.permission)), [access]);
  const allLabels = useMemo(() => types.map((t) => t.label), [types]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(allLabels));
  const [exporting, setExporting] = useState(false);

  const toggle = (label: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });

  const runExport = async () => {
    if (selected.size === 0) return;
    setExporting(true);
    try {
      const data = await exportImportApi.exportData(exportFlags(selected));
      try {
        downloadFile(data.FileDefaultName || EXPORT_FILE_NAME, exportFileText(data));
      } catch (error) {
        notify.error(error, { prefix: 'Failed to export all: ' });
        return;
      }
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, 'Internal Server Error') || 'Internal Server Error', {
        prefix: 'Failed to export: ',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={exporting ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="export-dialog-title"
    >
      <DialogTitle id="export-dialog-title">
        {exporting ? 'Exporting..' : 'Select Data to Export'}
      </DialogTitle>
      <DialogContent>
        {exporting ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}>
            <CircularProgress />
            <Typography color="text.secondary">Exporting data might takes a while</Typography>
          </Box>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              {types.map(({ label }) => (
                <FormControlLabel
                  key={label}
                  control={<Checkbox checked={selected.has(label)} onChange={() => toggle(label)} />}
                  label={label}
                />
              ))}
            </Box>
            {selected.size === 0 && (
              <FormHelperText error sx={{ mt: 1 }}>
                Select at least one data type to export.
              </FormHelperText>
            )}
          </>
        )}
      </DialogContent>
      {!exporting && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button
            color="inherit"
            onClick={() => setSelected(selected.size === allLabels.length ? new Set() : new Set(allLabels))}
            sx={{ mr: 'auto' }}
          >
            {selected.size === allLabels.length ? 'Clear all' : 'Select all'}
          </Button>
          <Button color="inherit" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="contained" disabled={selected.size === 0} onClick={() => void runExport()}>
            Export
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
