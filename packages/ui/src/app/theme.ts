import { alpha, createTheme, type Theme } from '@mui/material/styles';

export const DRAWER_WIDTH = 260;
export const HEADER_HEIGHT = 64;

const brand = {
  primary: { light: '#8B8CF8', main: '#5B5BD6', dark: '#4343B0', contrastText: '#FFFFFF' },
  secondary: { light: '#5EEAD4', main: '#14B8A6', dark: '#0F8A7E', contrastText: '#FFFFFF' },
};

/** Light and dark themes of the app (SPEC §9: Inter font stack, radius 12). */
export function createAppTheme({
  isDarkMode,
  fontFamily,
  borderRadius,
}: {
  isDarkMode: boolean;
  fontFamily: string;
  borderRadius: number;
}): Theme {
  const mode = isDarkMode ? 'dark' : 'light';
  const background = isDarkMode
    ? { default: '#0E1016', paper: '#161922' }
    : { default: '#F5F6FA', paper: '#FFFFFF' };
  const divider = isDarkMode ? 'rgba(255,255,255,0.08)' : 'rgba(17,24,39,0.08)';
  const text = isDarkMode
    ? { primary: '#E7E9F0', secondary: '#9AA1B2' }
    : { primary: '#111827', secondary: '#5B6475' };

  return createTheme({
    palette: {
      mode,
      primary: isDarkMode ? { ...brand.primary, main: '#7C7CF0' } : brand.primary,
      secondary: brand.secondary,
      background,
      divider,
      text,
      success: { main: '#16A34A' },
      error: { main: '#DC2626' },
      warning: { main: '#D97706' },
      info: { main: '#0284C7' },
    },
    shape: { borderRadius },
    typography: {
      fontFamily,
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.6rem', fontWeight: 700, letterSpacing: '-0.015em' },
      h3: { fontSize: '1.35rem', fontWeight: 650, letterSpacing: '-0.01em' },
      h4: { fontSize: '1.15rem', fontWeight: 650 },
      h5: { fontSize: '1rem', fontWeight: 600 },
      h6: { fontSize: '0.9rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
      subtitle2: { color: text.secondary },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { backgroundColor: background.default },
          '*::-webkit-scrollbar': { width: 10, height: 10 },
          '*::-webkit-scrollbar-thumb': {
            backgroundColor: isDarkMode ? 'rgba(255,255,255,0.12)' : 'rgba(17,24,39,0.15)',
            borderRadius: 8,
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: borderRadius - 2, paddingInline: 16 },
          // The lighter dark-mode primary reads well as text, but white on it is only 3.5:1; filled
          // buttons keep the brand colour (5.4:1).
          ...(isDarkMode && {
            containedPrimary: {
              backgroundColor: brand.primary.main,
              '&:hover': { backgroundColor: '#6A6AE4' },
            },
          }),
        },
      },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiCard: {
        styleOverrides: { root: { border: `1px solid ${divider}`, borderRadius } },
      },
      MuiDialog: {
        styleOverrides: { paper: { borderRadius: borderRadius + 2, border: `1px solid ${divider}` } },
      },
      MuiDialogTitle: { styleOverrides: { root: { fontSize: '1.1rem', fontWeight: 650 } } },
      MuiOutlinedInput: {
        styleOverrides: { root: { borderRadius: borderRadius - 2 } },
      },
      MuiTextField: { defaultProps: { size: 'small' } },
      MuiSelect: { defaultProps: { size: 'small' } },
      MuiTableCell: {
        styleOverrides: {
          root: { borderColor: divider },
          head: { fontWeight: 600, color: text.secondary, fontSize: '0.8rem' },
        },
      },
      MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: borderRadius - 2,
            '&.Mui-selected': {
              backgroundColor: alpha(isDarkMode ? '#7C7CF0' : brand.primary.main, isDarkMode ? 0.18 : 0.1),
              color: isDarkMode ? '#B9BAFA' : brand.primary.dark,
              '& .MuiListItemIcon-root': { color: 'inherit' },
            },
          },
        },
      },
    },
  });
}
