import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { useAppDispatch, useAppSelector } from '../app/store.ts';
import { collapseToggled, searchToggled } from '../app/uiSlice.ts';
import { menuTitle } from '../i18n/index.ts';
import { Clock } from './Clock.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Logo, collapse toggle, the header menu (one entry per section), search, clock and user menu. */
export function Header() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const menuList = useAppSelector((s) => s.session.menuList);
  const collapsed = useAppSelector((s) => s.ui.collapsed);
  return (
    <header className="app-header">
      <Link to="/" className="header-logo" aria-label={t('app.name')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!collapsed && <span className="header-logo-text">Atrium</span>}
      </Link>
      <button
        type="button"
        className="header-icon-button"
        onClick={() => dispatch(collapseToggled())}
        aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
        aria-expanded={!collapsed}
        aria-controls="side-menu"
        data-testid="collapse-toggle"
      >
        <Icon name={collapsed ? 'indent' : 'outdent'} aria-hidden="true" />
      </button>
      <nav className="header-menu" aria-label={t('layout.sections')}>
        {menuList.map((section) => {
          const first = section.children?.find((c) => !c.meta.hidden) ?? section.children?.[0];
          const active = pathname === section.path || pathname.startsWith(`${section.path}/`);
          return (
            <Link
              key={section.path}
              to={first?.path ?? section.path}
              className={active ? 'header-menu-item active' : 'header-menu-item'}
              aria-current={active ? 'true' : undefined}
            >
              {section.meta.icon && <Icon name={section.meta.icon as never} aria-hidden="true" />}
              <span>{menuTitle(section.meta, i18n.language)}</span>
            </Link>
          );
        })}
      </nav>
      <div className="header-right">
        <button
          type="button"
          className="header-icon-button"
          onClick={() => dispatch(searchToggled(true))}
          aria-label={t('search.open')}
          title={t('search.hint')}
          data-testid="search-button"
        >
          <Icon name="search" aria-hidden="true" />
        </button>
        <Clock />
        <UserMenu />
      </div>
    </header>
  );
}
