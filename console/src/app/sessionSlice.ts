/** Who is signed in, with what menu and permissions; mirrored to storage by app/persist.ts. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PermissionCode } from '../../../core/capability.ts';
import type { Capability } from '../../../core/modules/capabilities.ts';
import { storage, type MenuEntry } from './storage.ts';

export type PasswordPrompt = null | 'firstLogin' | 'expired' | 'required';

export interface SessionState {
  signedIn: boolean;
  username: string;
  menuList: MenuEntry[];
  permissions: string[];
  /** What the server says the user may do (`GET /sys/menu/nav`). */
  capabilities: Capability[];
  /** Set while the server refuses everything until the password is changed. */
  passwordPrompt: PasswordPrompt;
}

const initialState = (): SessionState => ({
  signedIn: Boolean(storage.token),
  username: storage.username,
  menuList: storage.menuList,
  permissions: storage.permissions,
  capabilities: storage.capabilities as Capability[],
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
    menuLoaded(
      state,
      action: PayloadAction<{ menuList: MenuEntry[]; permissions: string[]; capabilities: Capability[] }>,
    ) {
      state.menuList = action.payload.menuList;
      state.permissions = action.payload.permissions;
      state.capabilities = action.payload.capabilities;
    },
    passwordPrompted(state, action: PayloadAction<PasswordPrompt>) {
      state.passwordPrompt = action.payload;
    },
    signedOut(): SessionState {
      return { signedIn: false, username: '', menuList: [], permissions: [], capabilities: [], passwordPrompt: null };
    },
  },
});

export const { signedIn, menuLoaded, passwordPrompted, signedOut } = sessionSlice.actions;
export default sessionSlice.reducer;

/**
 * Whether the session allows `what`, looked up exactly (docs/product-rules.md R18.6): a capability the server
 * granted (`bookings.book`), or a permission code held (`sys:admin:add`, for a screen's own action).
 */
export function allows(
  session: Pick<SessionState, 'permissions' | 'capabilities'>,
  what: Capability | PermissionCode,
): boolean {
  return what.includes(':') ? session.permissions.includes(what) : session.capabilities.includes(what as Capability);
}
