import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Logo } from '../../../../components/Logo';
import { WorkspaceSwitcher } from '../../../../features/workspaces/WorkspaceSwitcher';
import { setMenu } from '../../../customizationSlice';
import { HEADER_HEIGHT } from '../../../theme';
import { useAccess } from '../../../useAccess';
import { useAppDispatch } from '../../../useAppDispatch';
import { useAppSelector } from '../../../useAppSelector';
import { DarkModeSwitch } from './DarkModeSwitch';
import { OrganizationChips } from './OrganizationChips';
import { StarBadge } from './StarBadge';
import { UserMenu } from './UserMenu';

/** SPEC §2 header. */
export function Header() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const opened = useAppSelector((s) => s.customization.opened);
  const isDarkMode = useAppSelector((s) => s.customization.isDarkMode);
  const platform = useAppSelector((s) => s.settings.platform);
  const user = useAppSelector((s) => s.auth.user);
  const access = useAccess();

  const showWorkspaceSwitcher =
    platform === 'enterprise' &&
    (user?.assignedWorkspaces.length ?? 0) > 1 &&
    access.hasFeature('feat:workspaces');
  const showUpgrade = platform === 'cloud' && user?.isOrganizationAdmin === true;

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.drawer + 1,
      }}
    >
      <Toolbar sx={{ minHeight: HEADER_HEIGHT, gap: 1.5, px: { xs: 1.5, md: 2.5 } }}>
        <Box
          component={RouterLink}
          to="/chatflows"
          aria-label="Flowloom home"
          sx={{ display: 'flex', width: 150, alignItems: 'center', flexShrink: 0 }}
        >
          <Logo dark={isDarkMode} />
        </Box>
        <Tooltip title={opened ? 'Collapse menu' : 'Expand menu'}>
          <IconButton
            onClick={() => dispatch(setMenu(!opened))}
            aria-label="Toggle menu"
            sx={{ ml: { xs: 0, md: 2 } }}
          >
            {opened ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        {platform === 'cloud' && <OrganizationChips />}
        <Box sx={{ flexGrow: 1 }} />
        {platform !== 'enterprise' && <StarBadge />}
        {showWorkspaceSwitcher && <WorkspaceSwitcher />}
        {showUpgrade && (
          <Button
            variant="contained"
            size="small"
            startIcon={<RocketLaunchOutlinedIcon />}
            onClick={() => void navigate('/account')}
          >
            Upgrade
          </Button>
        )}
        <DarkModeSwitch />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
