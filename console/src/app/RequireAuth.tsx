import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import { loadMenu } from '../features/login/index.ts';
import { firstEntry, redirectFor } from './guard.ts';
import { storage } from './storage.ts';
import { useAppDispatch, useAppSelector } from './store.ts';

const toLogin = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

/** The route guard (docs/product-rules.md R18.2): a token and the menu are required; other paths are redirected. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const signedIn = useAppSelector((s) => s.session.signedIn);
  const menuList = useAppSelector((s) => s.session.menuList);
  const [menuState, setMenuState] = useState<'ok' | 'loading' | 'failed'>(menuList.length ? 'ok' : 'loading');
  const hasToken = signedIn && Boolean(storage.token);

  useEffect(() => {
    if (!hasToken || menuList.length) return;
    let live = true;
    void loadMenu(dispatch).then((menu) => live && setMenuState(menu ? 'ok' : 'failed'));
    return () => {
      live = false;
    };
  }, [hasToken, menuList.length, dispatch]);

  if (!hasToken) return <Navigate to={toLogin(pathname + search)} replace />;
  if (!menuList.length)
    return menuState === 'failed' ? <Navigate to={toLogin(pathname + search)} replace /> : <Loading full />;
  const target = redirectFor(pathname, menuList);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return <>{children}</>;
}

/** `/`: the user's first menu entry, or login without a token or menu. */
export function RootRedirect() {
  const signedIn = useAppSelector((s) => s.session.signedIn);
  const menuList = useAppSelector((s) => s.session.menuList);
  const first = firstEntry(menuList);
  if (!signedIn || !storage.token || !first) return <Navigate to="/login" replace />;
  return <Navigate to={first} replace />;
}
