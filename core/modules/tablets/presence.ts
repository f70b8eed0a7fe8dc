/**
 * What the room itself tells its door (docs/product-rules.md R19.10): presence from its occupancy sensor, cards read
 * at its reader, people identified at its face terminal. Providers push these (`watch`, SDK 1.1) to whichever
 * process runs them; each process listens, keeps presence in `room_presence` (shared by all processes), and checks
 * in the people it recognises. The rule that ends an empty meeting runs in the scheduler (`sweep`), on the clock.
 *
 * `bodySensor`: `none` presence is ignored; `off` recorded and shown, driving nothing; `on` a checked-in meeting
 * with nobody present shows "keep this meeting" after `keepButtonDelaySeconds` and ends after `noPersonEndSeconds`
 * (0: never) unless someone came back or pressed keep; `always` as `on`, and someone detected while a meeting's
 * check-in window is open checks it in.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { ForbiddenError } from '../../errors.ts';
import type { Lang } from '../../i18n/index.ts';
import type { RoomBooking } from '../bookings/index.ts';
import { usernameByCardNo, usernameOf } from '../users/index.ts';
import { runTx } from '../../db/transaction.ts';
import { RoomPresenceModel, RoomRecognitionModel } from './model.ts';
import {
  emptyTime,
  logPresence,
  occupiedSince,
  sensedRooms,
  sweepPresenceLog,
  type EmptyTime,
  type TimeSpan,
} from './presence-history.ts';

export const BODY_SENSOR = ['none', 'on', 'off', 'always'] as const;
export type BodySensor = (typeof BODY_SENSOR)[number];
/** Face identifications below this score are ignored. */
export const FACE_MIN_SCORE = 0.8;
const MINUTE_MS = 60_000;
/** How long after a card or a face a tablet action may be taken as that person. */
export const RECOGNITION_MS = 30_000;

export interface PresenceView {
  sensor: BodySensor;
  /** true somebody, false nobody, null unknown or no report yet. */
  present: boolean | null;
  since: number | null;
  /** The tablet shows "keep this meeting" (a checked-in meeting, nobody present for keepButtonDelaySeconds). */
  keepButton: boolean;
  /** When the keep button shows (the tablet shows it then without asking again); null while someone is present. */
  keepAt: number | null;
  /** When the meeting ends if nobody comes back or presses keep; null when it will not. */
  endsAt: number | null;
}

export interface PresenceDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  pluginHost: Cradle['pluginHost'];
  paramsService: Cradle['paramsService'];
  devicesService: Cradle['devicesService'];
  bookingsService: Cradle['bookingsService'];
  doorSignIn: Cradle['doorSignIn'];
}

/** The room's own sensors and readers act as its door (the booking lifecycle's door-tablet role). */
function roomActor(resourceId: number, lang: Lang = 'en'): Actor {
  return {
    userId: 0,
    username: `room ${resourceId}`,
    permissions: new Set(),
    lang,
    via: 'device',
    device: { tabletId: 0, purpose: 'door', resourceId },
  };
}

export class PresenceService {
  constructor(private readonly deps: PresenceDeps) {}

  /** Listens to what the occupancy, access and face providers push (called once per process at start). */
  listen(): void {
    const { pluginHost, logger } = this.deps;
    const handle = (what: string, run: () => Promise<unknown>) =>
      void run().catch((err: unknown) => logger.warn({ err, what }, 'door event not handled'));
    pluginHost.onPush('occupancy', (v) => handle('presence', () => this.presenceReported(v)));
    pluginHost.onPush('access', (v) => handle('card', () => this.cardRead(v)));
    pluginHost.onPush('face', (v) => handle('face', () => this.faceIdentified(v)));
  }

  private async settings() {
    const p = await this.deps.paramsService.getMany([
      'bodySensor',
      'noPersonEndSeconds',
      'keepButtonDelaySeconds',
      'padAuthMethods',
      'checkInEarlyMinutes',
      'checkInWindowMinutes',
    ]);
    return {
      sensor: (BODY_SENSOR as readonly string[]).includes(String(p.bodySensor)) ? (p.bodySensor as BodySensor) : 'none',
      endAfterMs: Number(p.noPersonEndSeconds) * 1000,
      keepAfterMs: Number(p.keepButtonDelaySeconds) * 1000,
      methods: new Set(String(p.padAuthMethods ?? '').split('|')),
      earlyMs: Number(p.checkInEarlyMinutes) * MINUTE_MS,
      windowMs: Number(p.checkInWindowMinutes) * MINUTE_MS,
    };
  }

  private async row(resourceId: number): Promise<RoomPresenceModel | undefined> {
    return RoomPresenceModel.query(this.deps.db).findById(resourceId);
  }

  /** The meeting under way in the room now, as the door sees it, or undefined. */
  private async meetingNow(resourceId: number, now: number): Promise<RoomBooking | undefined> {
    const bookings = await this.deps.bookingsService.roomBookings(roomActor(resourceId), resourceId, now, now + 1);
    return bookings.find((b) => b.startAt <= now && now < b.endAt);
  }

  /** A meeting of the room whose check-in window is open now (confirmed, not yet checked in). */
  private async checkInOpen(resourceId: number, now: number, earlyMs: number, windowMs: number) {
    const bookings = await this.deps.bookingsService.roomBookings(
      roomActor(resourceId),
      resourceId,
      now,
      now + earlyMs + 1,
    );
    return bookings.filter(
      (b) => b.state === 'confirmed' && now >= b.startAt - earlyMs && now < Math.min(b.startAt + windowMs, b.endAt),
    );
  }

  /** An occupancy sensor reported (`{ deviceId, state: 0 nobody | 1 somebody | 2 unknown }`). */
  async presenceReported(value: unknown): Promise<void> {
    const report = value as { deviceId?: unknown; state?: unknown } | null;
    if (typeof report?.deviceId !== 'string' || ![0, 1, 2].includes(report.state as number)) return;
    const s = await this.settings();
    if (s.sensor === 'none') return;
    const resourceId = await this.deps.devicesService.roomOfVendorDevice(['occupancy', 'sensor'], report.deviceId);
    if (resourceId === null) return;
    const present = report.state === 2 ? null : report.state === 1;
    const now = this.deps.clock.now();
    const before = await this.row(resourceId);
    if (!before || before.present !== present)
      await runTx(this.deps.db, async (trx) => {
        if (!before) await RoomPresenceModel.query(trx).insert({ resourceId, present, changedAt: now, updatedAt: now });
        else await RoomPresenceModel.query(trx).findById(resourceId).patch({ present, changedAt: now, updatedAt: now });
        await logPresence(trx, resourceId, present, now);
      });
    if (present && s.sensor === 'always')
      for (const b of await this.checkInOpen(resourceId, now, s.earlyMs, s.windowMs))
        await this.deps.bookingsService.checkInPresent(roomActor(resourceId), b.id);
  }

  /** A card was read at a reader (`{ readerId, cardNo }`): its holder's meeting in that room is checked in. */
  async cardRead(value: unknown): Promise<number[]> {
    const read = value as { readerId?: unknown; cardNo?: unknown } | null;
    if (typeof read?.readerId !== 'string' || typeof read.cardNo !== 'string' || !read.cardNo) return [];
    const username = await usernameByCardNo(this.deps.db, read.cardNo);
    return username ? this.recognised('card', ['cardReader', 'lock'], read.readerId, username) : [];
  }

  /** A face terminal identified someone (`{ terminalId, username, score }`). */
  async faceIdentified(value: unknown): Promise<number[]> {
    const seen = value as { terminalId?: unknown; username?: unknown; score?: unknown } | null;
    if (typeof seen?.terminalId !== 'string' || typeof seen.username !== 'string') return [];
    if (!(Number(seen.score) >= FACE_MIN_SCORE)) return [];
    return this.recognised('face', ['other', 'sensor'], seen.terminalId, seen.username);
  }

  /**
   * Remembers the person for the room's tablet (`takeRecognised`) and checks them in to their meetings of the
   * device's room whose window is open; answers those meetings' ids.
   */
  private async recognised(
    method: 'card' | 'face',
    kinds: Parameters<Cradle['devicesService']['roomOfVendorDevice']>[0],
    vendorId: string,
    username: string,
  ): Promise<number[]> {
    const s = await this.settings();
    if (!s.methods.has(method)) return [];
    const resourceId = await this.deps.devicesService.roomOfVendorDevice(kinds, vendorId);
    if (resourceId === null) return [];
    const person = await this.deps.doorSignIn.recognised(username, {
      lang: 'en',
      device: roomActor(resourceId).device!,
    });
    if (!person) return [];
    const now = this.deps.clock.now();
    await RoomRecognitionModel.query(this.deps.db)
      .insert({ resourceId, userId: person.userId, method, recognisedAt: now })
      .onConflict('resource_id')
      .merge();
    const done: number[] = [];
    for (const b of await this.checkInOpen(resourceId, now, s.earlyMs, s.windowMs)) {
      const mine = await this.deps.bookingsService.doorBooking(person, b.id);
      if (mine.organiserId !== person.userId && !mine.innerAttendees.includes(person.userId)) continue;
      await this.deps.bookingsService.checkInPresent(person, b.id);
      done.push(b.id);
    }
    return done;
  }

  /**
   * The username of the person the room recognised by `method` within the last RECOGNITION_MS, taken once (a second tablet action
   * needs a second card or look), or null. Two tablets cannot take the same recognition: the delete decides.
   */
  async takeRecognised(resourceId: number, method: 'card' | 'face'): Promise<string | null> {
    const now = this.deps.clock.now();
    const found = await RoomRecognitionModel.query(this.deps.db).findById(resourceId);
    if (!found || found.method !== method || found.recognisedAt < now - RECOGNITION_MS) return null;
    const taken = await RoomRecognitionModel.query(this.deps.db)
      .where({ resource_id: resourceId, user_id: found.userId, recognised_at: found.recognisedAt })
      .delete();
    return taken === 1 ? ((await usernameOf(this.deps.db, found.userId)) ?? null) : null;
  }

  /** What the tablet shows of presence for its room's meeting under way (`meeting`), null when no sensor is used. */
  async viewOf(resourceId: number, meeting: { checkedInAt: number | null } | undefined): Promise<PresenceView | null> {
    const s = await this.settings();
    if (s.sensor === 'none') return null;
    const row = await this.row(resourceId);
    const view: PresenceView = {
      sensor: s.sensor,
      present: row?.present ?? null,
      since: row?.changedAt ?? null,
      keepButton: false,
      keepAt: null,
      endsAt: null,
    };
    if (s.sensor === 'off' || !row || row.present !== false || !meeting?.checkedInAt) return view;
    const emptySince = Math.max(row.changedAt, row.keptAt ?? 0, meeting.checkedInAt);
    const now = this.deps.clock.now();
    return {
      ...view,
      keepButton: now - emptySince >= s.keepAfterMs,
      keepAt: emptySince + s.keepAfterMs,
      endsAt: s.endAfterMs > 0 ? emptySince + s.endAfterMs : null,
    };
  }

  /** POST /pad/bookings/:id/keep: someone at the door keeps the meeting; the empty-room timer starts again. */
  async keep(actor: Actor, bookingId: number): Promise<void> {
    const resourceId = actor.device?.resourceId;
    if (!resourceId) throw new ForbiddenError();
    const now = this.deps.clock.now();
    const meeting = await this.meetingNow(resourceId, now);
    if (meeting?.id !== bookingId) throw new ForbiddenError('pad.notUnderway');
    await RoomPresenceModel.query(this.deps.db).findById(resourceId).patch({ keptAt: now, updatedAt: now });
  }

  /**
   * The bookings (of `{ id, resourceId, since }`) whose room's sensor said somebody at some moment since `since`,
   * when `bodySensor` drives the rules (`on`, `always`): the no-show rule keeps these (R20.5). Otherwise none.
   */
  async heldByPresence(
    bookings: ReadonlyArray<{ id: number; resourceId: number; since: number }>,
  ): Promise<Set<number>> {
    const { sensor } = await this.settings();
    if (sensor !== 'on' && sensor !== 'always') return new Set();
    return occupiedSince(this.deps.db, bookings, this.deps.clock.now());
  }

  /** The rooms among these whose sensor has reported (they have a history of presence). */
  sensedRooms(resourceIds: readonly number[]): Promise<Set<number>> {
    return sensedRooms(this.deps.db, resourceIds);
  }

  /** Deletes the sensors' history past its keeping time, a batch at a time. */
  sweepLog(now: number): Promise<number> {
    return sweepPresenceLog(this.deps.db, now);
  }

  /** Booked and empty time per room over these meetings, from the sensors' history (R20.5); rooms never sensed are absent. */
  emptyTime(meetings: readonly TimeSpan[]): Promise<Map<number, EmptyTime>> {
    return emptyTime(this.deps.db, meetings);
  }

  /**
   * The scheduler's rule: ends each checked-in meeting of a room nobody has been in for noPersonEndSeconds (since
   * they left, the check-in or the last keep, whichever came last). Answers the meetings ended.
   */
  async sweep(): Promise<number[]> {
    const s = await this.settings();
    if ((s.sensor !== 'on' && s.sensor !== 'always') || s.endAfterMs <= 0) return [];
    const now = this.deps.clock.now();
    const empty = await RoomPresenceModel.query(this.deps.db).where({ present: false }).select('resource_id');
    const ended: number[] = [];
    for (const { resourceId: id } of empty) {
      const meeting = await this.meetingNow(id, now);
      if (meeting?.state !== 'checkedIn') continue;
      const view = await this.viewOf(id, meeting);
      if (view?.endsAt == null || now < view.endsAt) continue;
      try {
        await this.deps.bookingsService.checkOut(roomActor(id), meeting.id);
        ended.push(meeting.id);
      } catch (err) {
        this.deps.logger.warn({ err, bookingId: meeting.id }, 'empty meeting not ended');
      }
    }
    return ended;
  }
}
