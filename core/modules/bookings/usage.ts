/**
 * What the places modules ask of bookings before they change or remove a place (docs/product-rules.md R3.11,
 * R3.12): whether bookings still hold time on it, and whether it has any booking history at all. Plain
 * functions on the caller's db or transaction. They take resource ids (a list or the owner's subquery), so
 * bookings never reads the places' tables here.
 *
 * This file imports only the lifecycle, so the resources and locations modules, which the bookings module
 * itself imports, may import it directly as they import lifecycle.ts: going through bookings/index.ts would
 * close an import cycle (bookings → grid → resources).
 */
import type { Knex } from 'knex';
import { HOLDS_TIME } from './lifecycle.ts';

type Db = Knex | Knex.Transaction;

/** Resource ids: one, several, or a subquery selecting them (`resourcesService.idsOn`). */
export type ResourceIds = number | readonly number[] | Knex.QueryBuilder;

/** A span of time on a resource, epoch ms. */
export interface TimeSpan {
  startAt: number;
  endAt: number;
}

function holding(db: Db, resources: ResourceIds): Knex.QueryBuilder {
  const q = db('bookings').whereIn('state', HOLDS_TIME as unknown as string[]);
  return typeof resources === 'number'
    ? q.where('resource_id', resources)
    : q.whereIn('resource_id', resources as number[] | Knex.QueryBuilder);
}

async function count(q: Knex.QueryBuilder): Promise<number> {
  return Number(((await q.count({ n: '*' }).first()) as { n?: number | string } | undefined)?.n ?? 0);
}

/** How many bookings on these resources still hold time that ends after `now`. */
export function futureHoldingBookings(db: Db, resources: ResourceIds, now: number): Promise<number> {
  return count(holding(db, resources).where('end_at', '>', now));
}

/** How many bookings holding time on the resource overlap any of the spans. */
export function holdingBookingsOverlapping(db: Db, resourceId: number, spans: readonly TimeSpan[]): Promise<number> {
  if (!spans.length) return Promise.resolve(0);
  return count(
    holding(db, resourceId).where((w) => {
      for (const s of spans) w.orWhere((o) => o.where('start_at', '<', s.endAt).where('end_at', '>', s.startAt));
    }),
  );
}

/**
 * The meeting dates (`YYYY-MM-DD`, between `from` and `to` inclusive where given) of the resource's bookings
 * that hold time ending after `now`, with how many on each.
 */
export async function holdingBookingDays(
  db: Db,
  resourceId: number,
  now: number,
  { from, to }: { from: string | null; to: string | null },
): Promise<Array<{ date: string; count: number }>> {
  const q = holding(db, resourceId).where('end_at', '>', now);
  if (from) q.where('meeting_date', '>=', from);
  if (to) q.where('meeting_date', '<=', to);
  const days = (await q.groupBy('meeting_date').select('meeting_date').count({ n: '*' })) as Array<{
    meeting_date: string;
    n: number | string;
  }>;
  return days.map((d) => ({ date: String(d.meeting_date), count: Number(d.n) }));
}

/** Whether any booking or booking series, in whatever state, names the resource (the reports keep them). */
export async function resourceHasBookingHistory(db: Db, resourceId: number): Promise<boolean> {
  return Boolean(
    (await db('bookings').where({ resource_id: resourceId }).first('id')) ??
    (await db('booking_series').where({ resource_id: resourceId }).first('id')),
  );
}
