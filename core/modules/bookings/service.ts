/**
 * The booking engine's front: each call delegates to the file that holds its rules
 * (create, recurrence, modify, extend, cancel, check-in, grid, queries, no-show); each asks the lifecycle table
 * (lifecycle.ts) whether it may run.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Page } from '../../db/paging.ts';
import { cancelBooking } from './cancel.ts';
import { handOver } from './hand-over.ts';
import { BookingModel } from './model.ts';
import { checkIn, checkOut, setPasscode } from './checkin.ts';
import { createSingle } from './create.ts';
import type { BookingDeps } from './deps.ts';
import { doorBooking, roomBookings } from './door.ts';
import { extendBooking } from './extend.ts';
import { available, gridJson } from './grid.ts';
import { modifyBooking } from './modify.ts';
import { autoCancelNoShows } from './no-show.ts';
import { bookingById, myBookings } from './queries.ts';
import { createSeries, previewSeries, type SeriesResult } from './recurrence.ts';
import { suggest } from './suggest.ts';
import { isFree, waitableRange, type RangeInput } from './waitable.ts';
import { WrongCodes } from './wrong-codes.ts';
import { ON_CALENDAR } from './lifecycle.ts';
import { DAY_MS, MINUTE_MS } from './time.ts';
import type {
  AvailableQuery,
  BookingView,
  CancelBooking,
  CreateBooking,
  DeviceNamesQuery,
  GridQuery,
  ModifyBooking,
  MyBookingsQuery,
  QuoteQuery,
  SuggestQuery,
} from './schema.ts';
import { quoteBooking } from './quote.ts';
import { mountedDeviceNames } from '../devices/index.ts';
import { resourceIdsWhere } from '../resources/index.ts';

export class BookingsService {
  private readonly wrongCodes = new WrongCodes();

  constructor(private readonly deps: BookingDeps) {}

  async create(actor: Actor, input: CreateBooking): Promise<BookingView | SeriesResult> {
    await this.deps.calendarSyncService.freshen(input.resourceId);
    return input.recurrence ? createSeries(this.deps, actor, input) : createSingle(this.deps, actor, input);
  }

  preview(actor: Actor, input: CreateBooking) {
    return previewSeries(this.deps, actor, input);
  }
  async modify(actor: Actor, id: number, input: ModifyBooking) {
    await this.freshenRoomOf(id, input.resourceId);
    return modifyBooking(this.deps, actor, id, input);
  }
  async extend(actor: Actor, id: number, minutes: number) {
    await this.freshenRoomOf(id);
    return extendBooking(this.deps, actor, id, minutes);
  }
  /**
   * Reads the calendar of the room a booking is moving to (or stays in) when its provider is the source of truth, and
   * its free/busy around the booking's day, so the change's rules (inside the transaction) find it already read.
   */
  private async freshenRoomOf(id: number, to?: number): Promise<void> {
    const b = await BookingModel.query(this.deps.db).findById(id).select('resource_id', 'start_at', 'end_at');
    const resourceId = to ?? b?.resourceId;
    if (resourceId === undefined) return;
    await this.deps.calendarSyncService.freshen(resourceId);
    if (b) await this.deps.calendarSyncService.busyOutside([resourceId], b.startAt - DAY_MS, b.endAt + DAY_MS);
  }
  /**
   * The times Atrium's bookings hold in a room, and those let go of within the last ten minutes (a calendar provider
   * may not have heard of the cancellation yet): what the room's calendar shows busy because of Atrium (R23.7).
   */
  async heldTimes(
    resourceId: number,
    from: number,
    to: number,
    db: Knex | Knex.Transaction = this.deps.db,
  ): Promise<Array<{ startAt: number; endAt: number }>> {
    const since = this.deps.clock.now() - 10 * MINUTE_MS;
    const rows = await db('bookings')
      .where({ resource_id: resourceId })
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .where((q) => q.whereIn('state', [...ON_CALENDAR]).orWhere('updated_at', '>', since))
      .select('start_at', 'end_at');
    return rows.map((r: { start_at: unknown; end_at: unknown }) => ({
      startAt: Number(r.start_at),
      endAt: Number(r.end_at),
    }));
  }
  cancel(actor: Actor, id: number, input: CancelBooking) {
    return cancelBooking(this.deps, actor, id, input);
  }
  /** Gives a leaver's bookings that have not started to another organiser (R21.3); answers how many. */
  handOver(fromUserId: number, toUserId: number, actorId: number): Promise<number> {
    return handOver(this.deps, fromUserId, toUserId, actorId);
  }
  /** The bookings a person organises that have not started yet and still hold time (a leaver's, R21.3). */
  async upcomingOf(userId: number, now: number): Promise<number[]> {
    const rows = await BookingModel.query(this.deps.db)
      .where({ organiser_id: userId })
      .whereIn('state', ['pending', 'confirmed'])
      .where('start_at', '>', now)
      .orderBy('start_at')
      .select('id');
    return rows.map((r) => r.id);
  }
  checkIn(actor: Actor, id: number, code: string) {
    return checkIn(this.deps, this.wrongCodes, actor, id, code);
  }
  /** Check-in without the code, where presence is proven otherwise (see checkIn); `qr` names the room's QR code. */
  checkInPresent(actor: Actor, id: number, channel?: 'qr') {
    return checkIn(this.deps, this.wrongCodes, actor, id, null, channel);
  }
  checkOut(actor: Actor, id: number) {
    return checkOut(this.deps, actor, id);
  }
  setPasscode(actor: Actor, id: number, code: string) {
    return setPasscode(this.deps, actor, id, code);
  }
  /** The grid as JSON text (see gridJson). */
  grid(actor: Actor, q: GridQuery): Promise<string> {
    return gridJson(this.deps, actor, q);
  }
  available(actor: Actor, q: AvailableQuery) {
    return available(this.deps, actor, q);
  }
  /** What a booking would cost the caller, and their balance (R10.5). */
  quote(actor: Actor, q: QuoteQuery) {
    return quoteBooking(this.deps, actor, q);
  }
  /** The names of the devices mounted at resources, for the inquiry's device filter (R12.5). */
  deviceNames(q: DeviceNamesQuery) {
    const { db } = this.deps;
    return mountedDeviceNames(db, q, q.type === undefined ? undefined : resourceIdsWhere(db, { type: q.type }));
  }
  /** "Find me a room" / "a desk near…" (docs/product-rules.md R12.7). */
  suggest(actor: Actor, q: SuggestQuery) {
    return suggest(this.deps, actor, q);
  }
  mine(actor: Actor, q: MyBookingsQuery): Promise<Page<BookingView>> {
    return myBookings(this.deps, actor, q);
  }
  get(actor: Actor, id: number) {
    return bookingById(this.deps, actor, id);
  }
  /** A room's bookings holding time over [from, to), as a door tablet shows them. */
  roomBookings(actor: Actor, resourceId: number, from: number, to: number, ended = false) {
    return roomBookings(this.deps, actor, resourceId, from, to, ended);
  }
  /** One booking as a door tablet (or a person at it) sees it; the tablets module checks it is on its room. */
  doorBooking(actor: Actor, id: number) {
    return doorBooking(this.deps, actor, id);
  }
  /** A range someone may join the waitlist of: its times, and whether it is taken now (docs/product-rules.md R25.2). */
  waitableRange(actor: Actor, input: RangeInput) {
    return waitableRange(this.deps, actor, input);
  }
  /** Whether no booking holds time on the resource over [startAt, endAt) (the waitlist, R25.4). */
  isFree(resourceId: number, startAt: number, endAt: number): Promise<boolean> {
    return isFree(this.deps, resourceId, startAt, endAt);
  }
  /** The no-show job. */
  autoCancelNoShows(now?: number) {
    return autoCancelNoShows(this.deps, now);
  }
}
