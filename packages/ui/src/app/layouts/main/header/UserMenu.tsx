import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { truncate } from '@flowloom/shared';
import { ExportDialog } from '../../../../features/export-import/ExportDialog';
import { ImportProgressDialog } from '../../../../features/export-import/ImportProgressDialog';
import { useImportData } from '../../../../features/export-import/useImportData';
import { useLogout } from '../../../../features/auth/useLogout';
import { VersionDialog } from '../../../../features/version/VersionDialog';
import { useAccess } from '../../../useAccess';
import { useAppSelector } from '../../../useAppSelector';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** SPEC §2 user menu: Export, Import, Version, Update Profile, Logout. */
export function UserMenu() {
  const navigate = useNavigate();
  const user = useAppSelector((s) => s.auth.user);
  const isSSO = useAppSelector((s) => s.auth.isSSO);
  const platform = useAppSelector((s) => s.settings.platform);
  const access = useAccess();
  const logout = useLogout();
  const { importing, importFile } = useImportData();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [versionOpen, setVersionOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const name = user?.name || user?.email || 'User';
  const close = () => setAnchor(null);
  const canExport = access.can('workspace:export');
  const canImport = access.can('workspace:import');
  const canEditProfile = !isSSO && platform !== 'cloud';

  return (
    <>
      <Tooltip title="Account">
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label="Open user menu"
          aria-haspopup="menu"
          sx={{ p: 0.5 }}
        >
          <Avatar
            sx={{
              width: 34,
              height: 34,
              fontSize: 14,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {initials(name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="subtitle1" fontWeight={600}>
            {truncate(name, 32)}
          </Typography>
          {user?.email && (
            <Typography variant="body2" color="text.secondary">
              {truncate(user.email, 36)}
            </Typography>
          )}
        </Box>
        <Divider />
        {canExport && (
          <MenuItem
            onClick={() => {
              close();
              setExportOpen(true);
            }}
          >
            <ListItemIcon>
              <FileDownloadOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Export</ListItemText>
          </MenuItem>
        )}
        {canImport && (
          <MenuItem
            onClick={() => {
              close();
              fileInput.current?.click();
            }}
          >
            <ListItemIcon>
              <FileUploadOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Import</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            setVersionOpen(true);
          }}
        >
          <ListItemIcon>
            <InfoOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Version</ListItemText>
        </MenuItem>
        {canEditProfile && (
          <MenuItem
            onClick={() => {
              close();
              void navigate('/user-profile');
            }}
          >
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Update Profile</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
      {exportOpen && <ExportDialog open onClose={() => setExportOpen(false)} />}
      <ImportProgressDialog open={importing} />
      <VersionDialog open={versionOpen} onClose={() => setVersionOpen(false)} />
    </>
  );
}
