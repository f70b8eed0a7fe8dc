/**
 * What happens around signing in and out (docs/product-rules.md R18.2, R18.6): after login the token,
 * uuid and permissions are stored, the menu is loaded and the user goes to
 * the saved redirect or the booking page; logout clears the session and
 * signs out through the method the server names.
 */
import { api } from '../../app/api.ts';
import { homePath } from '../../app/guard.ts';
import { navigate } from '../../app/navigation.ts';
import { menuLoaded, signedIn, signedOut, storeTokens } from '../../app/sessionSlice.ts';
import { jwtExpiry } from '../../app/refresh.ts';
import { storage, type MenuEntry } from '../../app/storage.ts';
import type { AppDispatch } from '../../app/store.ts';
import { loginApi, type SignInAnswer } from './api.ts';

/** Loads the menu and permissions; null when the server refused (then the user signs in again). */
export async function loadMenu(dispatch: AppDispatch): Promise<MenuEntry[] | null> {
  const res = await dispatch(api.endpoints.nav.initiate(undefined, { forceRefetch: true, subscribe: false }));
  if (!res.data) return null;
  const { menuList, permissions, capabilities } = res.data;
  dispatch(menuLoaded({ menuList, permissions, capabilities }));
  return res.data.menuList;
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(raw: string | null): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return undefined;
  return raw;
}

export async function enterConsole(
  dispatch: AppDispatch,
  username: string,
  permissions: string[],
  redirect: string | undefined,
): Promise<boolean> {
  dispatch(signedIn({ username, permissions }));
  const menuList = await loadMenu(dispatch);
  if (!menuList) {
    dispatch(signedOut());
    return false;
  }
  const home = homePath(menuList);
  navigate(redirect ?? home ?? '/', { replace: true });
  return true;
}

/** Auth methods of POST /sys/logout: 1 OIDC, 2 SAML, 3 token URL, otherwise local. */
export async function logout(dispatch: AppDispatch): Promise<void> {
  const res = await dispatch(loginApi.endpoints.logout.initiate());
  const answer = 'data' in res ? res.data : undefined;
  const storedLogoutUrl = storage.getItem('logoutUrl');
  dispatch(signedOut());
  const target = answer && [1, 2, 3].includes(answer.authMethod) ? (answer.logoutUrl ?? storedLogoutUrl) : null;
  if (target && /^https?:\/\//.test(target)) window.location.assign(target);
  else navigate('/login', { replace: true });
}

/** The user behind a token, for per-user memory (tabs) when no username was typed: `#<user id>`. */
export function subjectOf(token: string): string {
  const part = token.split('.')[1];
  try {
    const payload = JSON.parse(atob((part ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
    return payload.sub ? `#${payload.sub}` : '';
  } catch {
    return '';
  }
}

/** After an OIDC, SAML or token-URL sign-in: store the tokens and enter like a local sign-in. */
export async function completeExternalSignIn(
  dispatch: AppDispatch,
  answer: SignInAnswer,
  logoutUrl: string | undefined,
  hashRedirect: string | undefined,
): Promise<boolean> {
  storeTokens(
    { token: answer.token, refreshToken: answer.refreshToken, expiresAt: answer.expiresAt || jwtExpiry(answer.token) },
    storage.getItem('remember') === '1',
  );
  storage.setItem('authMethod', String(answer.authMethod));
  if (logoutUrl) storage.setItem('logoutUrl', logoutUrl);
  if (answer.notify?.length) sessionStorage.setItem('notify', JSON.stringify(answer.notify));
  return enterConsole(
    dispatch,
    subjectOf(answer.token),
    answer.permissions ?? [],
    safeRedirect(answer.redirect ?? hashRedirect ?? null),
  );
}
