import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { normalise } from '../app/routeTable.ts';
import { knownRoute } from '../app/screens.ts';
import type { MenuEntry } from '../app/storage.ts';
import { useAppSelector } from '../app/store.ts';
import { menuTitle } from '../i18n/index.ts';

function findEntry(menuList: MenuEntry[], path: string): MenuEntry | undefined {
  for (const s of menuList) {
    if (s.path === path) return s;
    const c = s.children?.find((e) => e.path === path);
    if (c) return c;
  }
  return undefined;
}

/** A page's title in the current language: the server's menu title, else the route table's. */
export function useTitles() {
  const { t, i18n } = useTranslation();
  const menuList = useAppSelector((s) => s.session.menuList);
  return useCallback(
    (path: string): string => {
      const p = normalise(path);
      const entry = findEntry(menuList, p);
      if (entry) return menuTitle(entry.meta, i18n.language);
      const known = knownRoute(p);
      return known ? t(`routes.${known.title}`) : p;
    },
    [menuList, i18n.language, t],
  );
}
