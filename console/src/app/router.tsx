/**
 * Every URL of the console in one table (docs/product-rules.md R18.1): public pages,
 * the protected routes inside the layout behind the guard, and the 404 page.
 */
import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary.tsx';
import { Loading } from '../components/Loading.tsx';
import { PadPage } from '../features/pad/index.ts';
import { QrPage } from '../features/qr/index.ts';
import { WallPage } from '../features/wall/index.ts';
import { Callback, ComingSoon, NotFound, RedirectPage } from '../features/shell/index.ts';
import { Layout } from '../layout/Layout.tsx';
import { lazyScreen } from './lazy.ts';
import { setNavigator } from './navigation.ts';
import { RequireAuth, RootRedirect } from './RequireAuth.tsx';
import { knownRoute, SECTIONS } from './screens.ts';

const LoginPage = lazyScreen(() => import('../features/login/screens/LoginPage.tsx'));
const RegisterPage = lazyScreen(() => import('../features/login/screens/RegisterPage.tsx'));

function Screen({ path }: { path: string }) {
  const Lazy = knownRoute(path)?.screen;
  return Lazy ? <Lazy /> : <ComingSoon />;
}

const standalone = (element: JSX.Element) => (
  <ChunkErrorBoundary>
    <Suspense fallback={<Loading full />}>{element}</Suspense>
  </ChunkErrorBoundary>
);

const inLayout: RouteObject[] = SECTIONS.flatMap((section) => [
  { path: section.path, element: null },
  ...section.screens.filter((c) => !c.bare).map((c) => ({ path: c.path, element: <Screen path={c.path} /> })),
]);

const bare: RouteObject[] = SECTIONS.flatMap((s) => s.screens.filter((c) => c.bare)).map((c) => ({
  path: c.path,
  element: <RequireAuth>{standalone(<Screen path={c.path} />)}</RequireAuth>,
}));

export const router = createBrowserRouter([
  { path: '/login', element: standalone(<LoginPage />) },
  { path: '/register', element: standalone(<RegisterPage />) },
  { path: '/pad', element: standalone(<PadPage />) },
  // The wall screen on its device credential (R19.12); a signed-in administrator's is /room/dashboardx.
  { path: '/wall', element: standalone(<WallPage />) },
  // A phone that read a room's QR code: signed in (else to sign-in and back), outside the layout.
  { path: '/qr', element: <RequireAuth>{standalone(<QrPage />)}</RequireAuth> },
  { path: '/redirect/*', element: <RedirectPage /> },
  { path: '/callback', element: <Callback /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <RootRedirect />
      </RequireAuth>
    ),
  },
  ...bare,
  {
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    children: inLayout,
  },
  { path: '*', element: <NotFound /> },
]);

setNavigator((to, options) => void router.navigate(to, options));
