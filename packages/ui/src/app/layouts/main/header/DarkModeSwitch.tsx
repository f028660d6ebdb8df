import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { setDarkMode } from '../../../customizationSlice';
import { useAppDispatch } from '../../../useAppDispatch';
import { useAppSelector } from '../../../useAppSelector';

export function DarkModeSwitch() {
  const dispatch = useAppDispatch();
  const isDarkMode = useAppSelector((s) => s.customization.isDarkMode);
  const label = isDarkMode ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip title={label}>
      <IconButton
        onClick={() => dispatch(setDarkMode(!isDarkMode))}
        aria-label={label}
        role="switch"
        aria-checked={isDarkMode}
      >
        {isDarkMode ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}
