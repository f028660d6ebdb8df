import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlatformType } from '@flowloom/shared';

/** Deployment settings read before sign-in (`GET /settings`) and the first-run redirect. */
export interface SettingsState {
  platform: PlatformType;
  /** False until `GET /settings` answered or failed. */
  loaded: boolean;
  /** Answer of `POST /auth/resolve`: where a visitor who is not signed in goes. */
  resolvedRedirect: string | null;
}

export const initialSettings: SettingsState = {
  platform: 'open-source',
  loaded: false,
  resolvedRedirect: null,
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettings,
  reducers: {
    settingsLoaded(state, action: PayloadAction<PlatformType>) {
      state.platform = action.payload;
      state.loaded = true;
    },
    settingsFailed(state) {
      state.loaded = true;
    },
    redirectResolved(state, action: PayloadAction<string>) {
      state.resolvedRedirect = action.payload;
    },
  },
});

export const { settingsLoaded, settingsFailed, redirectResolved } = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
