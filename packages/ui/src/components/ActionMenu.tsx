import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type MouseEvent, type ReactNode } from 'react';

/** One entry of an {@link ActionMenu}. */
export interface MenuAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Drawn in the error colour (Delete). */
  danger?: boolean;
}

/**
 * A button that opens a menu of actions (a card's "⋮", a row's Options, a page's More Actions).
 * Entries given as `false`/`undefined` (not allowed) are left out; with none left, nothing shows.
 * Clicks stay inside: a menu on a clickable card or row never opens the card or row too.
 */
export function ActionMenu({
  button,
  actions,
}: {
  /** Draws the opening button; `open` is its click handler. */
  button: (open: (event: MouseEvent<HTMLElement>) => void) => ReactNode;
  actions: readonly (MenuAction | false | null | undefined)[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = actions.filter((action): action is MenuAction => !!action);
  if (shown.length === 0) return null;
  const open = (event: MouseEvent<HTMLElement>) => {
    event.stopPropagation();
    setAnchor(event.currentTarget);
  };
  return (
    <>
      {button(open)}
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(event) => event.stopPropagation()}
      >
        {shown.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={action.danger ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={action.danger ? { color: 'inherit' } : undefined}>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
