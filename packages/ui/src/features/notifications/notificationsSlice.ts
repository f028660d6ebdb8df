import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface NotificationOptions {
  variant?: NotificationVariant;
  /** Stays until closed (default false: auto-hides). */
  persist?: boolean;
  /** Suppresses a second toast with the same message while one is shown. */
  preventDuplicate?: boolean;
  autoHideDuration?: number;
}

export interface Notification {
  key: string;
  message: string;
  options: NotificationOptions;
  dismissed: boolean;
}

export interface NotificationsState {
  notifications: Notification[];
}

export const initialNotifications: NotificationsState = { notifications: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotifications,
  reducers: {
    enqueueSnackbar: {
      reducer(state, action: PayloadAction<Notification>) {
        state.notifications.push(action.payload);
      },
      prepare(notification: { message: string; key?: string; options?: NotificationOptions }) {
        return {
          payload: {
            key: notification.key ?? nanoid(),
            message: notification.message,
            options: notification.options ?? {},
            dismissed: false,
          },
        };
      },
    },
    /** Marks one notification (by key) or, without a key, all of them as dismissed. */
    closeSnackbar(state, action: PayloadAction<string | undefined>) {
      for (const notification of state.notifications) {
        if (action.payload === undefined || notification.key === action.payload)
          notification.dismissed = true;
      }
    },
    /** Drops a notification once its exit animation has ended. */
    removeSnackbar(state, action: PayloadAction<string>) {
      state.notifications = state.notifications.filter((n) => n.key !== action.payload);
    },
  },
});

export const { enqueueSnackbar, closeSnackbar, removeSnackbar } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
