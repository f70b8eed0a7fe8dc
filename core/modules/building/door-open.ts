/**
 * A check-in at the door opens the room's locks once (docs/product-rules.md R20.1, `openDoorOnCheckIn`): the person
 * checking in at the tablet, or with the room's QR code on their phone, stands at the door. The call is made at
 * once, not through the outbox: a door that opened minutes later, after retries, would open for nobody. It never
 * delays or fails the check-in; a provider without `open`, or that fails, is logged and otherwise ignored.
 */
import type { BuildingDeps } from './deps.ts';

/** Only locks open: a card reader has nothing to open. */
const OPENABLE = ['lock'] as const;

export async function openDoor(deps: BuildingDeps, resourceId: number, bookingId: number): Promise<string[]> {
  if (!(await deps.paramsService.get<boolean>('openDoorOnCheckIn'))) return [];
  if ((await deps.pluginHost.selected('access')) === 'none') return [];
  const locks = await deps.devicesService.vendorIdsAt(resourceId, OPENABLE);
  const opened: string[] = [];
  for (const lockId of locks) {
    const done = await deps.pluginHost.tryCall('access', 'open', async (p) => {
      if (!p.open) return false;
      await p.open(lockId);
      return true;
    });
    if (done) opened.push(lockId);
    else deps.logger.info({ resourceId, bookingId, lockId }, 'door not opened at check-in');
  }
  return opened;
}
