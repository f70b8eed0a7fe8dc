/**
 * The door tablet screen (/pad, docs/product-rules.md R19): a standalone public page outside the menu and the
 * guard, since the tablet holds a device credential instead of a user session.
 */
import { lazyScreen } from '../../app/lazy.ts';

export const PadPage = lazyScreen(() => import('./screens/PadPage.tsx'));
