/**
 * The wall screen on a device credential (docs/product-rules.md R19.12): paired like a door tablet, but for no room.
 * It shows one dashboard panel, or every panel (every place when there is none) as the wall cycles. Its credential
 * passes the routes that declare WALL (the dashboard's reads), never the door tablets' DEVICE routes.
 */
import type { DoorDevice, WallDevice } from '../../actor.ts';
import type { Db } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import { t, type Lang } from '../../i18n/index.ts';
import { panelNamesOf } from '../dashboard/index.ts';
import type { Purpose } from './schema.ts';

/** What a tablet (or a pairing code, for the tablet it pairs) is for. */
export interface DeviceTarget {
  purpose: Purpose;
  resourceId: number | null;
  panelId: number | null;
}

/** The device a tablet stands for. */
export function deviceOf(tabletId: number, target: DeviceTarget): DoorDevice | WallDevice {
  return target.purpose === 'wall'
    ? { tabletId, purpose: 'wall', resourceId: null, panelId: target.panelId }
    : { tabletId, purpose: 'door', resourceId: Number(target.resourceId) };
}

/** The names of the panels among `ids` (the dashboard module's), read in the caller's transaction. */
export const panelNames = (db: Db, ids: readonly number[]): Promise<Map<number, string>> => panelNamesOf(db, ids);

/** The panel a wall pairing code names (404 when there is no such panel), or none. */
export async function panelOf(
  db: Db,
  panelId: number | null | undefined,
): Promise<{ id: number; name: string } | null> {
  if (!panelId) return null;
  const name = (await panelNamesOf(db, [panelId])).get(panelId);
  if (name === undefined) throw new NotFoundError('dashboard panel', panelId);
  return { id: panelId, name };
}

/** A new wall's name when the code gives none: its panel's, else "Wall screen" in the pairing device's language. */
export const wallName = (panel: { name: string } | null, lang: Lang): string =>
  panel?.name ?? t(lang, 'tablets.wallName');
