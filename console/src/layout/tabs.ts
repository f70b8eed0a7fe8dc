/**
 * Page tabs (docs/product-rules.md R18.4) as pure functions over the list of open paths.
 * The first tab (the booking page) is never closed; closing the active tab
 * moves to the next tab, or the previous one when it was the last.
 */
export interface TabsState {
  paths: string[];
}

export type CloseAction = 'left' | 'right' | 'others' | 'all';

export function withHome(paths: string[], home: string): string[] {
  return [home, ...paths.filter((p) => p !== home)];
}

export function openTab(state: TabsState, path: string): TabsState {
  return state.paths.includes(path) ? state : { paths: [...state.paths, path] };
}

/** Closes `path`; answers the new state and, when `path` was active, where to go. */
export function closeTab(state: TabsState, path: string, active: string): { state: TabsState; goTo?: string } {
  const index = state.paths.indexOf(path);
  if (index <= 0) return { state };
  const paths = state.paths.filter((p) => p !== path);
  if (path !== active) return { state: { paths } };
  return { state: { paths }, goTo: paths[index] ?? paths[index - 1] };
}

/** Close left, right, others or all, relative to `around`; answers where to go when the active tab closed. */
export function closeMany(
  state: TabsState,
  action: CloseAction,
  around: string,
  active: string,
): { state: TabsState; goTo?: string } {
  const [home, ...rest] = state.paths;
  if (home === undefined) return { state };
  const index = state.paths.indexOf(around);
  let paths: string[];
  switch (action) {
    case 'left':
      paths = [home, ...state.paths.slice(Math.max(index, 1))];
      break;
    case 'right':
      paths = state.paths.slice(0, index + 1);
      break;
    case 'others':
      paths = around === home ? [home] : [home, around];
      break;
    case 'all':
      paths = [home];
      break;
  }
  if (index < 0 && action !== 'all') paths = [home, ...rest];
  const goTo = action === 'all' ? home : paths.includes(active) ? undefined : around;
  return { state: { paths }, goTo };
}

export function tabsKey(username: string): string {
  return `tabs:${username || 'anonymous'}`;
}

export function loadTabs(username: string, home: string, allowed: (p: string) => boolean): TabsState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(tabsKey(username)) ?? '[]');
    const paths = Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string' && allowed(p)) : [];
    return { paths: withHome(paths, home) };
  } catch {
    return { paths: [home] };
  }
}

export function saveTabs(username: string, state: TabsState): void {
  try {
    localStorage.setItem(tabsKey(username), JSON.stringify(state.paths));
  } catch {
    // storage unavailable: tabs last the page
  }
}
