/**
 * Places at scale: 1,000 rooms and 10,000 desks created through the service
 * layer (as the console's calls would, with licence check and operation log),
 * then listed page by page over HTTP.
 */
import { systemActor } from '../core/actor.ts';
import { startBenchApp } from './app.ts';
import { median, percentile, timed } from './stats.ts';

export const title = 'Locations, floors and resources: bulk creation and paged lists';

const ROOMS = 1_000;
const DESKS = 10_000;
const DESKS_PER_FLOOR = 1_000;
const SAMPLES = 100;

export async function run(): Promise<Record<string, unknown>> {
  const app = await startBenchApp();
  try {
    const { locationsService, floorsService, resourcesService, desksService } = app.cradle;
    const actor = systemActor();
    const location = await locationsService.create(actor, { name: 'Bench HQ', timeZone: 'Asia/Shanghai', sort: 0 });
    const roomFloor = await floorsService.create(actor, { locationId: location.id, name: 'Rooms', sort: 0 });

    const rooms = await timed(async () => {
      for (let i = 0; i < ROOMS; i++) {
        await resourcesService.create(actor, {
          name: `Room ${i + 1}`,
          type: 0,
          capacity: 2 + (i % 20),
          pricePerHour: 1000,
          locationId: location.id,
          floorId: roomFloor.id,
          cableCount: 1,
          portCount: 1,
          outletCount: 4,
          allDay: false,
          status: 1,
          wholeDay: false,
          disabledPeriods: [],
          approverIds: [],
          exemptUserIds: [],
          groupIds: [],
          deviceIds: [],
          imageIds: [],
          position: { x: i % 40, y: Math.floor(i / 40) },
          sort: i,
        });
      }
    });

    const desks = await timed(async () => {
      for (let f = 0; f < DESKS / DESKS_PER_FLOOR; f++) {
        const floor = await floorsService.create(actor, {
          locationId: location.id,
          name: `Desk floor ${f + 1}`,
          sort: f + 1,
        });
        const positions = Array.from({ length: DESKS_PER_FLOOR }, (_, i) => ({
          name: `D${f + 1}-${i + 1}`,
          x: (i % 50) * 20,
          y: Math.floor(i / 50) * 20,
        }));
        await desksService.createOnFloor(actor, floor.id, { desks: positions, capacity: 1, pricePerHour: 0 });
      }
    });

    const token = await app.adminToken();
    const listTimes = async (query: string, pageSize: number, total: number) => {
      const pages = Math.ceil(total / pageSize);
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const page = 1 + ((i * 37) % pages); // spread over the whole list, deep pages included
        const { ms, value } = await timed(() =>
          app.get(`/api/room/resources?${query}&page=${page}&pageSize=${pageSize}`, { token }),
        );
        if (value.status !== 200) throw new Error(`list answered ${value.status}`);
        samples.push(ms);
      }
      return { medianMs: median(samples), p95Ms: percentile(samples, 95) };
    };

    return {
      database: app.dialect,
      [`create ${ROOMS} rooms, one call each (ms)`]: rooms.ms,
      'per room (ms)': Math.round((rooms.ms / ROOMS) * 100) / 100,
      [`create ${DESKS} desks, ${DESKS_PER_FLOOR} per floor call (ms)`]: desks.ms,
      'per desk (ms)': Math.round((desks.ms / DESKS) * 1000) / 1000,
      'list rooms, 20 per page': await listTimes('type=0', 20, ROOMS),
      'list desks, 20 per page': await listTimes('type=1', 20, DESKS),
      'list desks, 100 per page': await listTimes('type=1', 100, DESKS),
      'list desks of one floor, q search': await listTimes('type=1&q=D5-', 20, DESKS_PER_FLOOR),
    };
  } finally {
    await app.stop();
  }
}
