import { afterEach, describe, expect, it } from 'vitest';
import {
  customizationReducer,
  DARK_MODE_KEY,
  DEFAULT_BORDER_RADIUS,
  DEFAULT_FONT_FAMILY,
  initialCustomization,
  LAYOUT_KEY,
  menuOpen,
  setBorderRadius,
  setDarkMode,
  setFontFamily,
  setLayout,
  setMenu,
} from './customizationSlice';
import { setupStore } from './store';

afterEach(() => localStorage.clear());

describe('customization slice', () => {
  it('starts with the Inter font stack, radius 12 and light mode', () => {
    const state = initialCustomization();
    expect(state.fontFamily).toBe('Inter, Roboto, Arial, sans-serif');
    expect(DEFAULT_FONT_FAMILY).toBe('Inter, Roboto, Arial, sans-serif');
    expect(state.borderRadius).toBe(12);
    expect(DEFAULT_BORDER_RADIUS).toBe(12);
    expect(state.isDarkMode).toBe(false);
    expect(state.isHorizontal).toBe(false);
  });

  it('applies every action', () => {
    let state = initialCustomization();
    state = customizationReducer(state, setMenu(false));
    expect(state.opened).toBe(false);
    state = customizationReducer(state, menuOpen('tools'));
    expect(state.isOpen).toEqual(['tools']);
    state = customizationReducer(state, setFontFamily('Roboto'));
    expect(state.fontFamily).toBe('Roboto');
    state = customizationReducer(state, setBorderRadius(8));
    expect(state.borderRadius).toBe(8);
    state = customizationReducer(state, setLayout(true));
    expect(state.isHorizontal).toBe(true);
    state = customizationReducer(state, setDarkMode(true));
    expect(state.isDarkMode).toBe(true);
  });

  it('persists dark mode and layout locally and reads them back', () => {
    const store = setupStore();
    store.dispatch(setDarkMode(true));
    store.dispatch(setLayout(true));
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('true');
    expect(localStorage.getItem(LAYOUT_KEY)).toBe('true');
    const reloaded = initialCustomization();
    expect(reloaded.isDarkMode).toBe(true);
    expect(reloaded.isHorizontal).toBe(true);
  });

  it('ignores unreadable stored values', () => {
    localStorage.setItem(DARK_MODE_KEY, '{not json');
    expect(initialCustomization().isDarkMode).toBe(false);
  });
});
