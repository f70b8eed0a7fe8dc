/**
 * The wall screen (/wall, docs/product-rules.md R19.12): a standalone public page outside the menu and the guard,
 * since the wall holds a device credential instead of a user session.
 */
import { lazyScreen } from '../../app/lazy.ts';

export const WallPage = lazyScreen(() => import('./screens/WallPage.tsx'));
