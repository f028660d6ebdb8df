import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer, AUTH_STORAGE_KEY, persistedAuth } from '../features/auth/authSlice';
import { canvasReducer } from '../features/canvas/canvasSlice';
import { confirmReducer } from '../features/confirm/confirmSlice';
import { notificationsReducer } from '../features/notifications/notificationsSlice';
import { customizationReducer, DARK_MODE_KEY, LAYOUT_KEY } from './customizationSlice';
import { removeStored, writeStored } from './localStore';
import { settingsReducer } from './settingsSlice';

export const rootReducer = combineReducers({
  customization: customizationReducer,
  canvas: canvasReducer,
  notifications: notificationsReducer,
  confirm: confirmReducer,
  auth: authReducer,
  settings: settingsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state. Persists dark mode, layout and auth (minus token). */
export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer, preloadedState });
  let previous = store.getState();
  store.subscribe(() => {
    const next = store.getState();
    if (next.customization.isDarkMode !== previous.customization.isDarkMode) {
      writeStored(DARK_MODE_KEY, next.customization.isDarkMode);
    }
    if (next.customization.isHorizontal !== previous.customization.isHorizontal) {
      writeStored(LAYOUT_KEY, next.customization.isHorizontal);
    }
    if (next.auth !== previous.auth) {
      if (next.auth.user) writeStored(AUTH_STORAGE_KEY, persistedAuth(next.auth));
      else removeStored(AUTH_STORAGE_KEY);
    }
    previous = next;
  });
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
