/**
 * What the store keeps in browser storage, written after the reducers have
 * run (reducers stay pure): the session's name, menu, permissions and capabilities, the
 * sign-out that clears them, the side menu's collapse and the theme.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from './api.ts';
import { menuLoaded, signedIn, signedOut } from './sessionSlice.ts';
import { storage } from './storage.ts';
import { collapseToggled, themeChosen, type UiState } from './uiSlice.ts';

export const persistence = createListenerMiddleware();

persistence.startListening({
  actionCreator: signedIn,
  effect: ({ payload }) => {
    storage.username = payload.username;
    storage.permissions = payload.permissions;
  },
});
persistence.startListening({
  actionCreator: menuLoaded,
  effect: ({ payload }) => {
    storage.menuList = payload.menuList;
    storage.permissions = payload.permissions;
    storage.capabilities = payload.capabilities;
  },
});
/** However the session ends (sign-out, a refused refresh, an expired session), nothing the last user fetched stays cached for the next. */
persistence.startListening({
  actionCreator: signedOut,
  effect: (_, listener) => {
    storage.clearSession();
    listener.dispatch(api.util.resetApiState());
  },
});
persistence.startListening({
  actionCreator: collapseToggled,
  effect: (_, api) => storage.setItem('collapsed', (api.getState() as { ui: UiState }).ui.collapsed ? '1' : '0'),
});
persistence.startListening({
  actionCreator: themeChosen,
  effect: ({ payload }) => {
    storage.theme = payload;
  },
});
