import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

/** Blocking progress shown while an import runs. */
export function ImportProgressDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} maxWidth="xs" fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Importing...</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress />
          <Typography color="text.secondary">Importing data might takes a while</Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
