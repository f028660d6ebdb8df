import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored } from './localStore';

export const DEFAULT_FONT_FAMILY = 'Inter, Roboto, Arial, sans-serif';
export const DEFAULT_BORDER_RADIUS = 12;
export const DARK_MODE_KEY = 'isDarkMode';
export const LAYOUT_KEY = 'isHorizontal';

export interface CustomizationState {
  /** Ids of the open menu items. */
  isOpen: string[];
  /** Whether the side drawer is open. */
  opened: boolean;
  fontFamily: string;
  borderRadius: number;
  isDarkMode: boolean;
  isHorizontal: boolean;
}

/** The drawer starts open on large screens (MUI `md` breakpoint) and closed on small ones. */
function startsOpened(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(min-width: 900px)').matches;
}

export function initialCustomization(): CustomizationState {
  return {
    isOpen: [],
    opened: startsOpened(),
    fontFamily: DEFAULT_FONT_FAMILY,
    borderRadius: DEFAULT_BORDER_RADIUS,
    isDarkMode: readStored<boolean>(DARK_MODE_KEY) === true,
    isHorizontal: readStored<boolean>(LAYOUT_KEY) === true,
  };
}

const customizationSlice = createSlice({
  name: 'customization',
  initialState: initialCustomization,
  reducers: {
    /** Opens or closes the side drawer. */
    setMenu(state, action: PayloadAction<boolean>) {
      state.opened = action.payload;
    },
    /** Marks a menu item as the open one. */
    menuOpen(state, action: PayloadAction<string>) {
      state.isOpen = [action.payload];
    },
    setFontFamily(state, action: PayloadAction<string>) {
      state.fontFamily = action.payload;
    },
    setBorderRadius(state, action: PayloadAction<number>) {
      state.borderRadius = action.payload;
    },
    setLayout(state, action: PayloadAction<boolean>) {
      state.isHorizontal = action.payload;
    },
    setDarkMode(state, action: PayloadAction<boolean>) {
      state.isDarkMode = action.payload;
    },
  },
});

export const { setMenu, menuOpen, setFontFamily, setBorderRadius, setLayout, setDarkMode } =
  customizationSlice.actions;
export const customizationReducer = customizationSlice.reducer;
