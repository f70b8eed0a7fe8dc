/** Shared set-up of the booking API tests: a fixed clock, users with tokens, a place with rooms. */
import { expandGrid, type GridWire } from '../../console/src/features/center/grid-wire.ts';
import type { Grid } from '../../console/src/features/center/grid-wire.ts';
import type { ApiAnswer, TestApp } from './app.ts';
import { createUser, STAFF_PASSWORD } from './users.ts';

/** Monday 2027-03-01 08:00 UTC: far from real time, so nothing depends on when the tests run. */
export const BASE = Date.UTC(2027, 2, 1, 8, 0);
export const HOUR = 3_600_000;
export const MIN = 60_000;

export interface Who {
  id: number;
  token: string;
}

export async function staff(app: TestApp, username: string, role: 'staff' | 'admin' = 'staff'): Promise<Who> {
  const existing = (await app.cradle.db('users').where({ username }).first('id')) as { id: number } | undefined;
  const id = existing ? Number(existing.id) : await createUser(app, username, { role });
  return { id, token: await app.tokenFor(username, STAFF_PASSWORD) };
}

export async function admin(app: TestApp): Promise<Who> {
  const row = (await app.cradle.db('users').where({ username: 'admin' }).first('id')) as { id: number };
  return { id: Number(row.id), token: await app.adminToken() };
}

export type Data<T = Record<string, unknown>> = ApiAnswer<{ data: T }>;

export interface BookingData {
  id: number;
  state: string;
  checkStatus: number;
  checkInCode: string;
  startAt: number;
  endAt: number;
  startTime: string;
  endTime: string;
  sequence: number;
  remindAt: number | null;
  subject: string | null;
  seriesId: number | null;
  detached: boolean;
  meetingDate: string;
  resourceId: number;
}

export function book(app: TestApp, who: Who, body: Record<string, unknown>, lang = 'en') {
  return app.post<{ data: BookingData; ranges?: Array<{ startAt: number; endAt: number; bookingId?: number }> }>(
    '/api/bookings',
    { subject: 'Meeting', ...body },
    { token: who.token, lang },
  );
}

/** GET a grid path with its runs expanded into cells, as the console reads it (the answer untouched when it is not a 200). */
export async function getGrid<T = Grid>(app: TestApp, path: string, token: string): Promise<ApiAnswer<{ data: T }>> {
  const r = await app.get<{ data: GridWire }>(path, { token });
  return r.status === 200
    ? { ...r, body: { ...r.body, data: expandGrid(r.body.data) as unknown as T } }
    : (r as unknown as ApiAnswer<{ data: T }>);
}
