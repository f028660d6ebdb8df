import { describe, expect, it } from 'vitest';
import { SNACKBAR_SETTINGS } from '../../app/AppProviders';
import {
  closeSnackbar,
  enqueueSnackbar,
  initialNotifications,
  notificationsReducer,
  removeSnackbar,
} from './notificationsSlice';

describe('notifications slice', () => {
  it('adds a notification with a generated key, not dismissed', () => {
    const state = notificationsReducer(initialNotifications, enqueueSnackbar({ message: 'Saved' }));
    expect(state.notifications).toHaveLength(1);
    expect(state.notifications[0]).toMatchObject({ message: 'Saved', dismissed: false, options: {} });
    expect(state.notifications[0]?.key).toBeTruthy();
  });

  it('keeps a given key and options', () => {
    const state = notificationsReducer(
      initialNotifications,
      enqueueSnackbar({
        key: 'k1',
        message: 'Oops',
        options: { variant: 'error', persist: true, preventDuplicate: true },
      }),
    );
    expect(state.notifications[0]).toMatchObject({
      key: 'k1',
      options: { variant: 'error', persist: true, preventDuplicate: true },
    });
  });

  it('marks one notification or all of them dismissed', () => {
    let state = notificationsReducer(initialNotifications, enqueueSnackbar({ key: 'a', message: 'A' }));
    state = notificationsReducer(state, enqueueSnackbar({ key: 'b', message: 'B' }));
    state = notificationsReducer(state, closeSnackbar('a'));
    expect(state.notifications.map((n) => n.dismissed)).toEqual([true, false]);
    state = notificationsReducer(state, closeSnackbar(undefined));
    expect(state.notifications.every((n) => n.dismissed)).toBe(true);
  });

  it('removes a notification once its exit animation ended', () => {
    let state = notificationsReducer(initialNotifications, enqueueSnackbar({ key: 'a', message: 'A' }));
    state = notificationsReducer(state, removeSnackbar('a'));
    expect(state.notifications).toEqual([]);
  });

  it('is wired with SPEC §9 display settings', () => {
    expect(SNACKBAR_SETTINGS).toEqual({
      maxSnack: 3,
      autoHideDuration: 5000,
      anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
      transitionDuration: { enter: 225, exit: 195 },
    });
  });
});
