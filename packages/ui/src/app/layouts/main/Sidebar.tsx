import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLogout } from '../../../features/auth/useLogout';
import { DOCS_URL } from '../../config';
import { setMenu } from '../../customizationSlice';
import { DRAWER_WIDTH, HEADER_HEIGHT } from '../../theme';
import { useAppDispatch } from '../../useAppDispatch';
import { useAppSelector } from '../../useAppSelector';
import { MENU } from './menuItems';
import { visibleMenu } from './visibleMenu';

function isActive(pathname: string, url: string): boolean {
  if (url === '/chatflows' && pathname === '/') return true;
  return pathname === url || pathname.startsWith(`${url}/`);
}

/** SPEC §2 side menu: persistent drawer on large screens, temporary on small ones. */
export function Sidebar() {
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const opened = useAppSelector((s) => s.customization.opened);
  const platform = useAppSelector((s) => s.settings.platform);
  const auth = useAppSelector((s) => s.auth);
  const logout = useLogout();
  const groups = useMemo(() => visibleMenu(MENU, platform, auth), [platform, auth]);

  // Shrinking the window below the breakpoint closes the (now temporary) drawer.
  const [wasLarge, setWasLarge] = useState(large);
  useEffect(() => {
    if (wasLarge && !large) dispatch(setMenu(false));
    setWasLarge(large);
  }, [large, wasLarge, dispatch]);

  const closeOnSmall = () => {
    if (!large) dispatch(setMenu(false));
  };

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box component="nav" aria-label="Main menu" sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 1.5 }}>
        {groups.map((group, index) => (
          <List
            key={group.id}
            dense
            aria-label={group.title ?? 'Primary'}
            subheader={
              group.title ? (
                <ListSubheader
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    lineHeight: '32px',
                    fontSize: '0.72rem',
                    fontWeight: 700,
                    letterSpacing: '0.06em',
                    textTransform: 'uppercase',
                    color: 'text.secondary',
                  }}
                >
                  {group.title}
                </ListSubheader>
              ) : undefined
            }
            sx={{ pt: index === 0 ? 0 : 1 }}
          >
            {index > 0 && <Divider sx={{ mb: 1, mx: 1 }} />}
            {group.items.map((item) => {
              const selected = isActive(pathname, item.url);
              return (
                <ListItemButton
                  key={item.id}
                  component={RouterLink}
                  to={item.url}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={closeOnSmall}
                  sx={{ mb: 0.25, py: 0.9 }}
                >
                  <ListItemIcon sx={{ minWidth: 36, '& svg': { fontSize: 20 } }}>{item.icon}</ListItemIcon>
                  <ListItemText
                    primary={item.title}
                    slotProps={{ primary: { fontSize: '0.9rem', fontWeight: 500 } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
      {platform === 'cloud' && (
        <Box sx={{ px: 1.5, pb: 2 }}>
          <Divider sx={{ mb: 1 }} />
          <List dense aria-label="Help and account">
            <ListItemButton component="a" href={DOCS_URL} target="_blank" rel="noreferrer">
              <ListItemIcon sx={{ minWidth: 36 }}>
                <MenuBookOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Documentation" />
            </ListItemButton>
            <ListItemButton onClick={() => void logout()}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <LogoutIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Logout" />
            </ListItemButton>
          </List>
        </Box>
      )}
    </Box>
  );

  return (
    <Drawer
      variant={large ? 'persistent' : 'temporary'}
      anchor="left"
      open={opened}
      onClose={() => dispatch(setMenu(false))}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: large && opened ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width: DRAWER_WIDTH,
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          top: HEADER_HEIGHT,
          height: `calc(100% - ${HEADER_HEIGHT}px)`,
        },
      }}
    >
      {content}
    </Drawer>
  );
}
