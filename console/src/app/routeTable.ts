/** Path rules the route guard needs, free of the screens themselves (app/screens.ts lists those). */

export const BOOKING_PAGE = '/center/reserve';
/**
 * Always reachable, whatever the menu says (docs/product-rules.md R18.2); /qr is a room's QR code read by a phone
 * (R19.9), whose calls need only a session.
 */
export const ALWAYS_ALLOWED = ['/sys/setting', '/qr'];

export function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
