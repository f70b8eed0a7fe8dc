import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { MenuButton } from '../components/MenuButton.tsx';
import { homePath, menuPaths } from '../app/guard.ts';
import { BOOKING_PAGE, normalise } from '../app/routeTable.ts';
import { knownRoute } from '../app/screens.ts';
import { useAppSelector } from '../app/store.ts';
import {
  closeMany,
  closeTab,
  loadTabs,
  openTab,
  saveTabs,
  withHome,
  type CloseAction,
  type TabsState,
} from './tabs.ts';
import { useTitles } from './useTitles.ts';

/** The opened pages as tabs (docs/product-rules.md R18.4), remembered per user. */
export function PageTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = normalise(pathname);
  const titleOf = useTitles();
  const username = useAppSelector((s) => s.session.username);
  const menuList = useAppSelector((s) => s.session.menuList);
  const allowed = useMemo(() => new Set(menuPaths(menuList)), [menuList]);
  const home = homePath(menuList) ?? BOOKING_PAGE;
  const [state, setState] = useState<TabsState>(() =>
    loadTabs(username, home, (p) => allowed.has(p) || Boolean(knownRoute(p))),
  );

  useEffect(() => {
    setState((s) => ({ paths: withHome(s.paths, home) }));
  }, [home]);

  useEffect(() => {
    if (knownRoute(active)) setState((s) => openTab(s, active));
  }, [active]);

  useEffect(() => saveTabs(username, state), [username, state]);

  const apply = (result: { state: TabsState; goTo?: string }) => {
    setState(result.state);
    if (result.goTo && result.goTo !== active) navigate(result.goTo);
  };
  const closeAll = (action: CloseAction) => apply(closeMany(state, action, active, active));

  const index = state.paths.indexOf(active);
  return (
    <div className="page-tabs" data-testid="page-tabs">
      <ul className="page-tabs-list" aria-label={t('tabs.label')}>
        {state.paths.map((path, i) => {
          const title = titleOf(path);
          const isActive = path === active;
          return (
            <li key={path} className={isActive ? 'page-tab active' : 'page-tab'} data-path={path}>
              <Link to={path} aria-current={isActive ? 'page' : undefined}>
                {title}
              </Link>
              {i > 0 && (
                <button
                  type="button"
                  className="page-tab-close"
                  aria-label={t('tabs.closeOne', { title })}
                  onClick={() => apply(closeTab(state, path, active))}
                >
                  <Icon name="close" fitted aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <MenuButton
        className="page-tabs-actions"
        triggerClassName="ui basic compact icon button"
        testId="tabs-actions"
        label={t('tabs.actions')}
        trigger={<Icon name="angle down" fitted aria-hidden="true" />}
        items={[
          {
            kind: 'item',
            key: 'left',
            text: t('tabs.closeLeft'),
            disabled: index <= 1,
            onSelect: () => closeAll('left'),
            attrs: { 'data-action': 'left' },
          },
          {
            kind: 'item',
            key: 'right',
            text: t('tabs.closeRight'),
            disabled: index < 0 || index >= state.paths.length - 1,
            onSelect: () => closeAll('right'),
            attrs: { 'data-action': 'right' },
          },
          {
            kind: 'item',
            key: 'others',
            text: t('tabs.closeOthers'),
            disabled: state.paths.length <= 1,
            onSelect: () => closeAll('others'),
            attrs: { 'data-action': 'others' },
          },
          {
            kind: 'item',
            key: 'all',
            text: t('tabs.closeAll'),
            onSelect: () => closeAll('all'),
            attrs: { 'data-action': 'all' },
          },
        ]}
      />
    </div>
  );
}
