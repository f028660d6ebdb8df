import { useMemo } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../app/useAppDispatch';
import { enqueueSnackbar, type NotificationOptions } from './notificationsSlice';

export interface Notify {
  success(message: string, options?: NotificationOptions): void;
  info(message: string, options?: NotificationOptions): void;
  /** An error toast with the server's (or the thrown value's) message. */
  error(error: unknown, options?: NotificationOptions & { prefix?: string; fallback?: string }): void;
}

export function useNotify(): Notify {
  const dispatch = useAppDispatch();
  return useMemo<Notify>(
    () => ({
      success: (message, options) =>
        dispatch(enqueueSnackbar({ message, options: { variant: 'success', ...options } })),
      info: (message, options) =>
        dispatch(enqueueSnackbar({ message, options: { variant: 'info', ...options } })),
      error: (error, { prefix, fallback, ...options } = {}) =>
        dispatch(
          enqueueSnackbar({
            message: `${prefix ?? ''}${errorMessage(error, fallback)}`,
            options: { variant: 'error', preventDuplicate: true, ...options },
          }),
        ),
    }),
    [dispatch],
  );
}
