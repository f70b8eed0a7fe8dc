/**
 * What is happening in rooms now, for wall screens: per resource the booking
 * running at this instant and the next one later the same day (in the
 * resource's zone). One query for any number of resources.
 */
import { DateTime } from 'luxon';
import type { Actor } from '../../actor.ts';
import { groupIdsOf } from '../groups/index.ts';
import { resourcesApprovedBy } from '../resources/index.ts';
import { joinUser } from '../users/index.ts';
import type { BookingDeps } from './deps.ts';
import { CONFIRMED } from './lifecycle.ts';
import { loadResources } from './resources.ts';
import { loadSettings } from './settings.ts';
import { isBookingAdmin } from './sight.ts';

export interface LiveBooking {
  id: number;
  /** Null when other people's subjects are hidden (showOthersSubject) and the viewer does not organise it. */
  subject: string | null;
  organiserId: number;
  organiserName: string;
  startAt: number;
  endAt: number;
  startTime: string;
  endTime: string;
  state: string;
  checkedIn: boolean;
}

export interface LiveSlot {
  current: LiveBooking | null;
  next: LiveBooking | null;
}

type Row = Record<string, unknown>;

export class LiveBookingsService {
  constructor(private readonly deps: BookingDeps) {}

  /**
   * Of `ids`, the resources whose bookings the actor may follow on the live stream, in the given order: those
   * that exist and do not restrict themselves to user groups the actor is outside of (docs/product-rules.md
   * R3.8); a booking administrator follows any.
   */
  /** The resources whose bookings the actor approves: their pending bookings are the actor's My Approval. */
  approving(actor: Actor): Promise<number[]> {
    return resourcesApprovedBy(this.deps.db, actor.userId);
  }

  async followable(actor: Actor, ids: readonly number[]): Promise<number[]> {
    const { db } = this.deps;
    const [resources, groups] = await Promise.all([loadResources(db, { ids: [...ids] }), groupIdsOf(db, actor.userId)]);
    const mine = new Set(groups);
    const admitted = new Set(
      resources
        .filter((r) => isBookingAdmin(actor) || r.groupIds.length === 0 || r.groupIds.some((g) => mine.has(g)))
        .map((r) => r.id),
    );
    return ids.filter((id) => admitted.has(id));
  }

  /** Current and next booking today of each resource (by id; resources without either are present with nulls). */
  async currentAndNext(
    actor: Actor,
    resources: Array<{ id: number; timeZone: string }>,
  ): Promise<Map<number, LiveSlot>> {
    const out = new Map<number, LiveSlot>(resources.map((r) => [r.id, { current: null, next: null }]));
    if (resources.length === 0) return out;
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const dayEnd = new Map<string, number>();
    for (const zone of new Set(resources.map((r) => r.timeZone))) {
      dayEnd.set(zone, DateTime.fromMillis(now, { zone }).plus({ days: 1 }).startOf('day').toMillis());
    }
    const until = Math.max(...dayEnd.values());
    const [settings, rows] = await Promise.all([
      loadSettings(this.deps.paramsService),
      // The live stream's hot path: plain knex, and the organiser's name through the users module's join.
      joinUser(db('bookings as b'), 'b.organiser_id', ['username', 'real_name'], { left: true })
        .whereIn(
          'b.resource_id',
          resources.map((r) => r.id),
        )
        // Pending awaits approval and ended was checked out: neither has the room now.
        .whereIn('b.state', [...CONFIRMED])
        .where('b.end_at', '>', now)
        .where('b.start_at', '<', until)
        .orderBy([{ column: 'b.start_at' }, { column: 'b.id' }])
        .select(
          'b.id',
          'b.resource_id',
          'b.organiser_id',
          'b.subject',
          'b.start_at',
          'b.end_at',
          'b.start_time',
          'b.end_time',
          'b.state',
        ) as Promise<Row[]>,
    ]);
    const zoneOf = new Map(resources.map((r) => [r.id, r.timeZone]));
    // A booking joined with its organiser's names fits no one model; every wall screen asks this often, so the rows
    // are mapped here once rather than built into models and mapped again.
    for (const r of rows) {
      const resourceId = Number(r.resource_id);
      const slot = out.get(resourceId)!;
      const startAt = Number(r.start_at);
      const organiserId = Number(r.organiser_id);
      const booking: LiveBooking = {
        id: Number(r.id),
        subject: organiserId === actor.userId || settings.showOthersSubject ? String(r.subject) : null,
        organiserId,
        organiserName: String(r.real_name || r.username || ''),
        startAt,
        endAt: Number(r.end_at),
        startTime: String(r.start_time),
        endTime: String(r.end_time),
        state: String(r.state),
        checkedIn: r.state === 'checkedIn',
      };
      if (startAt <= now) slot.current ??= booking;
      else if (!slot.next && startAt < dayEnd.get(zoneOf.get(resourceId)!)!) slot.next = booking;
    }
    return out;
  }
}
