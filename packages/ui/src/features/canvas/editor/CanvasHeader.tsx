import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useRef, useState, type FormEvent } from 'react';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** The canvas top bar: back, editable flow name, undo/redo, load/export and Save. */
export function CanvasHeader({
  name,
  isDirty,
  saving,
  canUndo,
  canRedo,
  onBack,
  onRename,
  onUndo,
  onRedo,
  onLoadFile,
  onExport,
  onSave,
}: {
  name: string;
  isDirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onBack: () => void;
  onRename: (name: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onLoadFile: (file: File) => void;
  onExport: () => void;
  onSave: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const picker = useRef<HTMLInputElement>(null);

  const startEditing = () => {
    setDraft(name);
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() && draft.trim() !== name) onRename(draft.trim());
    setEditing(false);
  };

  return (
    <Box
      component="header"
      sx={{
        height: 64,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: 2,
      }}
    >
      <Tooltip title="Back to chatflows">
        <IconButton
          aria-label="Back"
          onClick={onBack}
          sx={{ border: 1, borderColor: 'divider', borderRadius: '10px' }}
        >
          <ArrowBackIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, ml: 1 }}>
        {editing ? (
          <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <TextField
              autoFocus
              size="small"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
              slotProps={{ htmlInput: { 'aria-label': 'Flow name', maxLength: 255 } }}
              sx={{ width: 320 }}
            />
            <IconButton type="submit" size="small" color="primary" aria-label="Save name">
              <CheckIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label="Cancel renaming" onClick={() => setEditing(false)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ) : (
          <>
            <Typography variant="h4" component="h1" noWrap title={name} sx={{ maxWidth: 480 }}>
              {name}
            </Typography>
            <Tooltip title="Rename">
              <IconButton size="small" aria-label="Rename flow" onClick={startEditing}>
                <EditOutlinedIcon sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
            {isDirty && (
              <Chip
                size="small"
                label="Unsaved changes"
                color="warning"
                variant="outlined"
                sx={{ height: 22, fontSize: 11.5, fontWeight: 600 }}
              />
            )}
          </>
        )}
      </Box>
      <Tooltip title={`Undo (${MOD}Z)`}>
        <span>
          <IconButton aria-label="Undo" onClick={onUndo} disabled={!canUndo}>
            <UndoIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={`Redo (${MOD}Y)`}>
        <span>
          <IconButton aria-label="Redo" onClick={onRedo} disabled={!canRedo}>
            <RedoIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5 }} />
      <input
        ref={picker}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Flow file to load"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onLoadFile(file);
          event.target.value = '';
        }}
      />
      <Tooltip title="Load a chatflow file (.json)">
        <IconButton aria-label="Load chatflow" onClick={() => picker.current?.click()}>
          <FileUploadOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Export chatflow">
        <IconButton aria-label="Export chatflow" onClick={onExport}>
          <FileDownloadOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Button
        variant="contained"
        onClick={onSave}
        disabled={saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
        sx={{ ml: 1 }}
      >
        Save
      </Button>
    </Box>
  );
}
