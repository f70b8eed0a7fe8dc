import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { useAppSelector } from '../app/store.ts';
import { menuTitle } from '../i18n/index.ts';

/** The current section's entries; 210 px wide, 65 px collapsed (icons only). */
export function SideMenu() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const menuList = useAppSelector((s) => s.session.menuList);
  const collapsed = useAppSelector((s) => s.ui.collapsed);
  const section = menuList.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`)) ?? menuList[0];
  const entries = (section?.children ?? []).filter((c) => !c.meta.hidden);
  return (
    <nav id="side-menu" className={collapsed ? 'side-menu collapsed' : 'side-menu'} aria-label={t('layout.sideMenu')}>
      <ul>
        {entries.map((entry) => {
          const title = menuTitle(entry.meta, i18n.language);
          return (
            <li key={entry.path}>
              <NavLink
                to={entry.path}
                className={({ isActive }) => (isActive ? 'side-item active' : 'side-item')}
                title={collapsed ? title : undefined}
                aria-label={collapsed ? title : undefined}
              >
                <Icon name={(entry.meta.icon ?? 'circle outline') as never} aria-hidden="true" />
                {!collapsed && <span className="side-item-text">{title}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
