/** Who is signed in, with what menu and permissions; mirrored to storage by app/persist.ts. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storage, type MenuEntry } from './storage.ts';

export type PasswordPrompt = null | 'firstLogin' | 'expired' | 'required';

export interface SessionState {
  signedIn: boolean;
  username: string;
  menuList: MenuEntry[];
  permissions: string[];
  /** Set while the server refuses everything until the password is changed. */
  passwordPrompt: PasswordPrompt;
}

const initialState = (): SessionState => ({
  signedIn: Boolean(storage.token),
  username: storage.username,
  menuList: storage.menuList,
  permissions: storage.permissions,
  passwordPrompt: null,
});

export interface Tokens {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

/** Stores a new token pair; the refresh token only when the user chose to stay signed in. */
export function storeTokens(tokens: Tokens, remember: boolean): void {
  storage.token = tokens.token;
  storage.expiresAt = tokens.expiresAt;
  storage.refreshToken = remember ? tokens.refreshToken : null;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ username: string; permissions: string[] }>) {
      state.signedIn = true;
      state.username = action.payload.username;
      state.permissions = action.payload.permissions;
    },
    menuLoaded(state, action: PayloadAction<{ menuList: MenuEntry[]; permissions: string[] }>) {
      state.menuList = action.payload.menuList;
      state.permissions = action.payload.permissions;
    },
    passwordPrompted(state, action: PayloadAction<PasswordPrompt>) {
      state.passwordPrompt = action.payload;
    },
    signedOut(): SessionState {
      return { signedIn: false, username: '', menuList: [], permissions: [], passwordPrompt: null };
    },
  },
});

export const { signedIn, menuLoaded, passwordPrompted, signedOut } = sessionSlice.actions;
export default sessionSlice.reducer;

/** A permission check is a substring match (docs/product-rules.md R18.6). */
export function hasPermission(permissions: string[], code: string): boolean {
  return permissions.includes('*') || permissions.some((p) => p.includes(code));
}
