/**
 * The route guard's decision (docs/product-rules.md R18.2), kept free of React so it is easy
 * to read and test: where a signed-in user asking for `path` should land.
 */
import { ALWAYS_ALLOWED, BOOKING_PAGE, normalise } from './routeTable.ts';
import type { MenuEntry } from './storage.ts';

/** Every path in the user's menu, hidden entries included. */
export function menuPaths(menuList: MenuEntry[]): string[] {
  return menuList.flatMap((s) => [s.path, ...(s.children ?? []).map((c) => c.path)]);
}

function firstChild(section: MenuEntry | undefined): string | undefined {
  return section?.children?.find((c) => !c.meta.hidden)?.path ?? section?.children?.[0]?.path;
}

/** The user's first menu entry, or undefined without a menu. */
export function firstEntry(menuList: MenuEntry[]): string | undefined {
  return firstChild(menuList[0]);
}

/** The page a user lands on after signing in: the booking page when allowed, else the first entry. */
export function homePath(menuList: MenuEntry[]): string | undefined {
  return menuPaths(menuList).includes(BOOKING_PAGE) ? BOOKING_PAGE : firstEntry(menuList);
}

/**
 * Undefined when the user may open `path`; otherwise where to go instead: the
 * first entry of the matching section, or else the first entry of the first section.
 */
export function redirectFor(path: string, menuList: MenuEntry[]): string | undefined {
  const p = normalise(path);
  if (ALWAYS_ALLOWED.some((a) => p === a || p.startsWith(`${a}/`))) return undefined;
  const section = menuList.find((s) => p === s.path || p.startsWith(`${s.path}/`));
  if (section) {
    if (p === section.path) return firstChild(section) ?? firstEntry(menuList);
    if ((section.children ?? []).some((c) => c.path === p)) return undefined;
    return firstChild(section) ?? firstEntry(menuList);
  }
  return firstEntry(menuList);
}
