import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
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
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RedoIcon from '@mui/icons-material/Redo';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** What the header offers on an editable canvas. */
export interface CanvasHeaderEditing {
  isDirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onRename: (name: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onLoadFile: (file: File) => void;
  onExport: () => void;
  onSave: () => void;
  /** What Save saves, in its tooltip: "Save Chatflow", "Save Agents". */
  saveTitle: string;
}

export interface CanvasHeaderProps {
  /** What the canvas edits, in the words of its buttons: "chatflow", "agentflow". */
  noun: string;
  name: string;
  onBack: () => void;
  /** Tooltip of the back button; "Back to <noun>s" by default. */
  backLabel?: string;
  /** Absent on a read-only canvas: then the header holds back, name and `actions` only. */
  edit?: CanvasHeaderEditing;
  /** Buttons of the kind (API, settings, chat; "Use template" when read-only) shown before Save. */
  actions?: ReactNode;
  /** The settings menu, last in the bar (after Save). */
  settings?: ReactNode;
}

/**
 * The canvas top bar: back, editable flow name, undo/redo, load/export and Save. Below 600 px the
 * name keeps the room: undo, redo, load and export move into a "More actions" menu.
 */
export function CanvasHeader({ noun, name, onBack, backLabel, edit, actions, settings }: CanvasHeaderProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const startEditing = () => {
    setDraft(name);
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() && draft.trim() !== name) edit?.onRename(draft.trim());
    setEditing(false);
  };
  const fromMenu = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  return (
    <Box
      component="header"
      sx={{
        height: 64,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0.5, sm: 1 },
        px: { xs: 1, sm: 2 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: 2,
      }}
    >
      <Tooltip title={backLabel ?? `Back to ${noun}s`}>
        <IconButton
          aria-label="Back"
          onClick={onBack}
          sx={{ border: 1, borderColor: 'divider', borderRadius: '10px', flexShrink: 0 }}
        >
          <ArrowBackIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box
        sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, ml: { xs: 0.5, sm: 1 } }}
      >
        {editing ? (
          <Box
            component="form"
            onSubmit={submit}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0 }}
          >
            <TextField
              autoFocus
              size="small"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
              slotProps={{ htmlInput: { 'aria-label': 'Flow name', maxLength: 255 } }}
              sx={{ width: { xs: 'auto', sm: 320 }, flex: { xs: 1, sm: 'none' }, minWidth: 0 }}
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
            <Typography
              variant="h4"
              component="h1"
              noWrap
              title={name}
              sx={{ maxWidth: 480, minWidth: { xs: 48, sm: 80 }, flexShrink: 1 }}
            >
              {name}
            </Typography>
            {edit && (
              <>
                <Tooltip title="Rename">
                  <IconButton
                    size="small"
                    aria-label="Rename flow"
                    onClick={startEditing}
                    sx={{ flexShrink: 0 }}
                  >
                    <EditOutlinedIcon sx={{ fontSize: 18 }} />
                  </IconButton>
                </Tooltip>
                {edit.isDirty &&
                  (narrow ? (
                    <Box
                      role="status"
                      aria-label="Unsaved changes"
                      title="Unsaved changes"
                      sx={{
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: 'warning.main',
                        flexShrink: 0,
                      }}
                    />
                  ) : (
                    <Chip
                      size="small"
                      label="Unsaved changes"
                      color="warning"
                      variant="outlined"
                      sx={{ height: 22, fontSize: 11.5, fontWeight: 600, flexShrink: 0 }}
                    />
                  ))}
              </>
            )}
          </>
        )}
      </Box>
      {edit && (
        <>
          <input
            ref={picker}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label="Flow file to load"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) edit.onLoadFile(file);
              event.target.value = '';
            }}
          />
          {narrow ? (
            <>
              <IconButton
                aria-label="More actions"
                aria-haspopup="menu"
                onClick={(event) => setMenuAnchor(event.currentTarget)}
                sx={{ flexShrink: 0 }}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
              <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
                <MenuItem onClick={fromMenu(edit.onUndo)} disabled={!edit.canUndo}>
                  <ListItemIcon>
                    <UndoIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Undo</ListItemText>
                </MenuItem>
                <MenuItem onClick={fromMenu(edit.onRedo)} disabled={!edit.canRedo}>
                  <ListItemIcon>
                    <RedoIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Redo</ListItemText>
                </MenuItem>
                <MenuItem onClick={fromMenu(() => picker.current?.click())}>
                  <ListItemIcon>
                    <FileUploadOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Load {noun}</ListItemText>
                </MenuItem>
                <MenuItem onClick={fromMenu(edit.onExport)}>
                  <ListItemIcon>
                    <FileDownloadOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Export {noun}</ListItemText>
                </MenuItem>
              </Menu>
            </>
          ) : (
            <>
              <Tooltip title={`Undo (${MOD}Z)`}>
                <span>
                  <IconButton aria-label="Undo" onClick={edit.onUndo} disabled={!edit.canUndo}>
                    <UndoIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={`Redo (${MOD}Y)`}>
                <span>
                  <IconButton aria-label="Redo" onClick={edit.onRedo} disabled={!edit.canRedo}>
                    <RedoIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 1.5 }} />
              <Tooltip title={`Load ${noun} from a file (.json)`}>
                <IconButton aria-label={`Load ${noun}`} onClick={() => picker.current?.click()}>
                  <FileUploadOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={`Export ${noun}`}>
                <IconButton aria-label={`Export ${noun}`} onClick={edit.onExport}>
                  <FileDownloadOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        </>
      )}
      {actions}
      {edit && (
        // A plain title: it describes the button, whose name stays "Save", also while disabled.
        <Button
          variant="contained"
          title={edit.saveTitle}
          onClick={edit.onSave}
          disabled={edit.saving}
          startIcon={edit.saving ? <CircularProgress size={16} color="inherit" /> : <SaveOutlinedIcon />}
          sx={{ ml: { xs: 0, sm: 1 }, flexShrink: 0 }}
        >
          Save
        </Button>
      )}
      {settings}
    </Box>
  );
}
