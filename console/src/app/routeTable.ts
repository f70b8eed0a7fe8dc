/** Path rules the route guard needs, free of the screens themselves (app/screens.ts lists those). */

export const BOOKING_PAGE = '/center/reserve';
/** Always reachable, whatever the menu says (SPEC.md §2.6, §6). */
export const ALWAYS_ALLOWED = ['/sys/setting'];

export function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
