import { aliasTo, asClass } from 'awilix';
import type { DeviceResolver } from '../../http/authenticate.ts';
import type { AtriumModule } from '../module.ts';
import { DoorService } from './door.ts';
import { PresenceService } from './presence.ts';
import { roomQrRoutes } from './room-qr-routes.ts';
import { RoomQrService } from './room-qr.ts';
import { tabletsRoutes } from './routes.ts';
import { TabletsService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    tabletsService: TabletsService;
    doorService: DoorService;
    presenceService: PresenceService;
    roomQrService: RoomQrService;
    /** Looked up by name in core/app.ts: `Authorization: Device` calls. */
    deviceResolver: DeviceResolver;
  }
}

export { TabletsService } from './service.ts';
export { TABLETS_CAPABILITIES, type TabletsCapability } from './capabilities.ts';
export type { TabletView } from './schema.ts';
export type { PadDay } from './door-schema.ts';

export const tabletsModule: AtriumModule = {
  name: 'tablets',
  register(container) {
    container.register({
      tabletsService: asClass(TabletsService).singleton(),
      doorService: asClass(DoorService).singleton(),
      presenceService: asClass(PresenceService).singleton(),
      roomQrService: asClass(RoomQrService).singleton(),
      deviceResolver: aliasTo('tabletsService'),
    });
  },
  // The room QR code's routes (room-qr-routes.ts) join the tablets' own under the same tag.
  routes: (c) => {
    const table = tabletsRoutes(c);
    return { ...table, routes: [...table.routes, ...roomQrRoutes(c).routes] };
  },
  jobs: (c) => [
    {
      name: 'tablets.sweepPairingCodes',
      everySeconds: 3600,
      run: async () => void (await c.tabletsService.sweepCodes()),
    },
    {
      // The sensors' history behind booked-but-empty time is kept 400 days (R20.5).
      name: 'tablets.sweepPresenceLog',
      everySeconds: 3600,
      run: async ({ now }) => void (await c.presenceService.sweepLog(now)),
    },
    {
      // Tells the administrators of tablets offline for padOfflineAlertMinutes, once per outage (R19.11).
      name: 'tablets.alertOffline',
      everySeconds: 60,
      run: async () => void (await c.tabletsService.alertOffline()),
    },
    {
      // Ends checked-in meetings of rooms found empty for noPersonEndSeconds (docs/product-rules.md R19.10).
      name: 'tablets.endEmptyMeetings',
      everySeconds: 15,
      run: async () => void (await c.presenceService.sweep()),
    },
  ],
  start: (c) => c.presenceService.listen(),
};
