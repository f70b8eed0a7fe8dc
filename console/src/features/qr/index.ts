/**
 * The phone page of a room's QR code (/qr, docs/product-rules.md R19.9): standalone, outside the menu, behind the
 * sign-in guard, since the phone's own session says who checks in.
 */
import { lazyScreen } from '../../app/lazy.ts';

export const QrPage = lazyScreen(() => import('./screens/QrPage.tsx'));
