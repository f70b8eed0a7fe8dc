import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useNavQuery } from '../app/api.ts';
import { menuLoaded, passwordPrompted } from '../app/sessionSlice.ts';
import { useAppDispatch, useAppSelector } from '../app/store.ts';
import { changePasswordToggled } from '../app/uiSlice.ts';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary.tsx';
import { Loading } from '../components/Loading.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { ChangePasswordModal } from '../features/login/index.ts';
import { Header } from './Header.tsx';
import { NoticeModal } from './NoticeModal.tsx';
import { PageTabs } from './PageTabs.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useKeepAlive } from './useKeepAlive.ts';
import { useTitles } from './useTitles.ts';

/** The main layout (docs/product-rules.md R18.3) around every protected screen. */
export function Layout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const titleOf = useTitles();
  const collapsed = useAppSelector((s) => s.ui.collapsed);
  const changeOpen = useAppSelector((s) => s.ui.changePasswordOpen);
  const prompt = useAppSelector((s) => s.session.passwordPrompt);
  const { data: nav } = useNavQuery();
  usePageTitle(titleOf(pathname));
  useKeepAlive();

  // Keep the stored menu in step with the server (roles may have changed).
  useEffect(() => {
    if (nav)
      dispatch(menuLoaded({ menuList: nav.menuList, permissions: nav.permissions, capabilities: nav.capabilities }));
  }, [nav, dispatch]);

  return (
    <div className={collapsed ? 'app-shell collapsed' : 'app-shell'}>
      <a className="skip-link" href="#main-content">
        {t('layout.skip')}
      </a>
      <Header />
      <div className="app-body">
        <SideMenu />
        <main className="app-main" id="main-content">
          <PageTabs />
          <div className="app-page">
            <ChunkErrorBoundary key={pathname}>
              <Suspense fallback={<Loading />}>
                <Outlet />
              </Suspense>
            </ChunkErrorBoundary>
          </div>
        </main>
      </div>
      <SearchPanel />
      <NoticeModal />
      <ChangePasswordModal
        open={changeOpen || prompt !== null}
        reason={prompt}
        forced={prompt !== null}
        onCancel={() => dispatch(changePasswordToggled(false))}
        onDone={() => {
          dispatch(changePasswordToggled(false));
          dispatch(passwordPrompted(null));
        }}
      />
    </div>
  );
}
