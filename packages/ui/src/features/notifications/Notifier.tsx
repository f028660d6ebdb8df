import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/useAppDispatch';
import { useAppSelector } from '../../app/useAppSelector';
import { closeSnackbar as dismiss, removeSnackbar } from './notificationsSlice';

/** Mirrors the notifications slice into notistack: shows new ones, closes dismissed ones. */
export function Notifier() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector((s) => s.notifications.notifications);
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const displayed = useRef(new Set<SnackbarKey>());

  useEffect(() => {
    for (const { key, message, options, dismissed } of notifications) {
      if (dismissed) {
        closeSnackbar(key);
        continue;
      }
      if (displayed.current.has(key)) continue;
      displayed.current.add(key);
      enqueueSnackbar(message, {
        key,
        variant: options.variant ?? 'default',
        persist: options.persist ?? false,
        preventDuplicate: options.preventDuplicate ?? false,
        ...(options.autoHideDuration !== undefined ? { autoHideDuration: options.autoHideDuration } : {}),
        action: (snackKey) => (
          <IconButton
            size="small"
            aria-label="Close"
            color="inherit"
            onClick={() => dispatch(dismiss(String(snackKey)))}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ),
        onExited: (_node, snackKey) => {
          dispatch(removeSnackbar(String(snackKey)));
          displayed.current.delete(snackKey);
        },
      });
    }
  }, [notifications, enqueueSnackbar, closeSnackbar, dispatch]);

  return null;
}
