/** Path rules the route guard needs, free of the screens themselves (app/screens.ts lists those). */

export const BOOKING_PAGE = '/center/reserve';
/** Always reachable, whatever the menu says (docs/product-rules.md R18.2). */
export const ALWAYS_ALLOWED = ['/sys/setting'];

export function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
