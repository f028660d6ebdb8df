import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';

/** Shown on an empty canvas: what to do first. */
export function EmptyCanvasHint({ onAddNodes }: { onAddNodes: () => void }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 360, pointerEvents: 'auto' }}>
        <Box
          sx={(theme) => ({
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 2,
            borderRadius: '18px',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: theme.palette.mode === 'dark' ? 'rgba(124,124,240,0.14)' : 'rgba(91,91,214,0.08)',
          })}
        >
          <AccountTreeOutlinedIcon fontSize="large" />
        </Box>
        <Typography variant="h5" component="p" sx={{ mb: 0.75 }}>
          Build your chatflow
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          Add a chat model, a prompt and a chain, then connect outputs to inputs. Or load an exported chatflow
          file.
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAddNodes}>
          Add nodes
        </Button>
      </Box>
    </Box>
  );
}
