import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ConfirmDialog } from '../features/confirm/ConfirmDialog';
import { Notifier } from '../features/notifications/Notifier';
import type { AppStore } from './store';
import { createAppTheme } from './theme';
import { useAppSelector } from './useAppSelector';

/** SPEC §9 notification settings. */
export const SNACKBAR_SETTINGS = {
  maxSnack: 3,
  autoHideDuration: 5000,
  anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
  transitionDuration: { enter: 225, exit: 195 },
} as const;

function ThemedApp({ children }: { children: ReactNode }) {
  const { isDarkMode, fontFamily, borderRadius } = useAppSelector((s) => s.customization);
  const theme = useMemo(
    () => createAppTheme({ isDarkMode, fontFamily, borderRadius }),
    [isDarkMode, fontFamily, borderRadius],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider {...SNACKBAR_SETTINGS}>
        <Notifier />
        <ConfirmDialog />
        {children}
      </SnackbarProvider>
    </ThemeProvider>
  );
}

/** Store, theme, notifications and the confirm dialog around the app (and around tests). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
