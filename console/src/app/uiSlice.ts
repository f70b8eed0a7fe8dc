/**
 * Screen state that is not server data: the toast of docs/product-rules.md R18.9 (one at a
 * time, 5 s, every error also kept in the error log), the search panel, the
 * side menu's collapse and the theme (the last two kept in storage by
 * app/persist.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storage } from './storage.ts';

export type ToastKind = 'error' | 'success' | 'info' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}
export interface LoggedError {
  at: number;
  text: string;
  path: string;
}

export const THEMES = ['tx1', 'tx2', 'd2', 'violet', 'line', 'star', 'tomorrow-night-blue'] as const;
export type Theme = (typeof THEMES)[number];
const isTheme = (v: string | null): v is Theme => THEMES.includes(v as Theme);

export interface UiState {
  toast: Toast | null;
  errorLog: LoggedError[];
  searchOpen: boolean;
  collapsed: boolean;
  theme: Theme;
  changePasswordOpen: boolean;
}

const initialState: UiState = {
  toast: null,
  errorLog: [],
  searchOpen: false,
  collapsed: storage.getItem('collapsed') === '1',
  theme: isTheme(storage.theme) ? storage.theme : 'd2',
  changePasswordOpen: false,
};

let nextId = 1;
const MAX_LOG = 200;

/** Empty and 'null' messages are never shown (docs/product-rules.md R18.9). */
export function showable(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== '' && text.trim() !== 'null';
}

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<{ kind: ToastKind; text: string; path: string }>) {
        const { kind, text, path } = action.payload;
        if (kind === 'error') {
          state.errorLog.push({ at: Date.now(), text, path });
          if (state.errorLog.length > MAX_LOG) state.errorLog.shift();
        }
        if (!showable(text)) return;
        if (kind === 'error' && state.toast) return;
        state.toast = { id: nextId++, kind, text };
      },
      prepare(kind: ToastKind, text: string) {
        return { payload: { kind, text, path: typeof window === 'undefined' ? '' : window.location.pathname } };
      },
    },
    toastClosed(state, action: PayloadAction<number>) {
      if (state.toast?.id === action.payload) state.toast = null;
    },
    searchToggled(state, action: PayloadAction<boolean>) {
      state.searchOpen = action.payload;
    },
    collapseToggled(state) {
      state.collapsed = !state.collapsed;
    },
    themeChosen(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    changePasswordToggled(state, action: PayloadAction<boolean>) {
      state.changePasswordOpen = action.payload;
    },
  },
});

export const { toastShown, toastClosed, searchToggled, collapseToggled, themeChosen, changePasswordToggled } =
  uiSlice.actions;
export default uiSlice.reducer;
