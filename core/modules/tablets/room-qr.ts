/**
 * The room QR code (docs/product-rules.md R19.9). A room's printed code opens `<public url>/qr?room=<id>&s=<secret>`
 * on a phone: the secret proves the phone stands at the room (it is printed there and nowhere else), the phone's
 * own session says who holds it, so the person checks in to their meeting without its code. The secret is made on
 * first use and replaced by a rotation, after which every code printed before is refused. A door tablet shows a
 * code of its own instead, `t=<token>`: the room and an expiry three minutes on, signed with a key of the system's,
 * so a photo of the tablet's screen stops working soon after it was taken.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { RoomQrCodeModel } from './model.ts';
import { runTx, type Db } from '../../db/transaction.ts';
import { ForbiddenError } from '../../errors.ts';
import { onSlotGrid } from './door.ts';
import type { PadQr, QrCheckIn, QrMeeting, QrProof, QrRoom, QrRotated } from './room-qr-schema.ts';

const MINUTE_MS = 60_000;
/** 24 random bytes: 32 url-safe characters, short enough for a small printed code. */
const SECRET_BYTES = 24;
/** A tablet's code is accepted this long; the tablet asks for a new one every minute, so a late scan still works. */
const TOKEN_TTL_MS = 3 * MINUTE_MS;
/** The name of the tablet tokens' signing key among the system secrets (32 random bytes, made on first use). */
const TOKEN_KEY = 'roomQrTokenKey';

export interface RoomQrDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  resourcesService: Cradle['resourcesService'];
  bookingsService: Cradle['bookingsService'];
  buildingService: Cradle['buildingService'];
  systemSecrets: Cradle['systemSecrets'];
}

const newSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** padAuthMethods is stored as `|password|qr|`. */
const offersQr = (methods: unknown): boolean =>
  String(methods ?? '')
    .split('|')
    .includes('qr');

export class RoomQrService {
  constructor(private readonly deps: RoomQrDeps) {}

  /** The room's secret, made on first use (two first uses at once keep the one written first). */
  private async secretOf(resourceId: number, db: Db = this.deps.db): Promise<string> {
    const found = await RoomQrCodeModel.query(db).findById(resourceId);
    if (found) return found.secret;
    const now = this.deps.clock.now();
    try {
      await RoomQrCodeModel.query(db).insert({ resourceId, secret: newSecret(), rotatedAt: now, createdAt: now });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    return (await RoomQrCodeModel.query(db).findById(resourceId))!.secret;
  }

  /** The absolute address the room's QR code encodes. The caller has checked that the room exists. */
  async url(resourceId: number): Promise<string> {
    const secret = await this.secretOf(resourceId);
    return `${this.deps.config.publicUrl}/qr?room=${resourceId}&s=${encodeURIComponent(secret)}`;
  }

  /** POST /sys/tablets/rooms/:id/qr/rotate: a new secret; the codes printed before stop working at once. */
  async rotate(actor: Actor, resourceId: number): Promise<QrRotated> {
    await this.deps.resourcesService.get(resourceId);
    const now = this.deps.clock.now();
    await runTx(this.deps.db, async (trx) => {
      await this.secretOf(resourceId, trx);
      const before = await RoomQrCodeModel.query(trx).findById(resourceId).forUpdate();
      await RoomQrCodeModel.query(trx).findById(resourceId).patch({ secret: newSecret(), rotatedAt: now });
      // The secret is printed for everyone at the door, but the log is read elsewhere: it never holds one.
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.tablets.rotateQr',
        target: resourceId,
        before: { resourceId, rotatedAt: before!.rotatedAt },
        after: { resourceId, rotatedAt: now },
      });
    });
    return { resourceId, rotatedAt: now, url: await this.url(resourceId) };
  }

  private async tokenKey(): Promise<Buffer> {
    const hex = await this.deps.systemSecrets.getOrCreate(TOKEN_KEY, () => randomBytes(32).toString('hex'));
    return Buffer.from(hex, 'hex');
  }

  /** The signature of "room `room` until `expiresAt`": a token names its expiry, the signature binds it to the room. */
  private async sign(room: number, expiresAt: number): Promise<string> {
    return createHmac('sha256', await this.tokenKey())
      .update(`${room}.${expiresAt}`)
      .digest('base64url');
  }

  /** GET /pad/qr: the code the tablet shows, `<expiry in base 36>.<signature>`, offered when padAuthMethods has qr. */
  async padQr(actor: Actor): Promise<PadQr> {
    const room = actor.device?.resourceId;
    if (typeof room !== 'number') throw new ForbiddenError();
    const { padAuthMethods } = await this.deps.paramsService.getMany(['padAuthMethods']);
    if (!offersQr(padAuthMethods)) throw new ForbiddenError('pad.methodOff');
    const expiresAt = this.deps.clock.now() + TOKEN_TTL_MS;
    const token = `${expiresAt.toString(36)}.${await this.sign(room, expiresAt)}`;
    return { url: `${this.deps.config.publicUrl}/qr?room=${room}&t=${token}`, expiresAt };
  }

  /**
   * The printed secret must be the room's current one (a wrong or rotated one is refused); a tablet's token must
   * be signed for this room (else the same refusal, as for any code that is not the room's) and not expired.
   */
  private async prove(proof: QrProof): Promise<void> {
    if (proof.token !== undefined) {
      const [expiry = '', signature = ''] = proof.token.split('.');
      const expiresAt = parseInt(expiry, 36);
      if (!/^[0-9a-z]{1,10}$/.test(expiry) || !sameSecret(signature, await this.sign(proof.room, expiresAt)))
        throw new ForbiddenError('qr.wrongSecret');
      if (this.deps.clock.now() >= expiresAt) throw new ForbiddenError('qr.expired');
      return;
    }
    const row = await RoomQrCodeModel.query(this.deps.db).findById(proof.room);
    if (!row || !sameSecret(proof.s ?? '', row.secret)) throw new ForbiddenError('qr.wrongSecret');
  }

  /** GET /qr/room: the room, the caller's meeting there that may be checked in now, and whether it is free. */
  async room(actor: Actor, proof: QrProof): Promise<QrRoom> {
    await this.prove(proof);
    const { paramsService, resourcesService, bookingsService, clock } = this.deps;
    const [r, p, time] = await Promise.all([
      resourcesService.get(proof.room),
      paramsService.getMany(['checkInEarlyMinutes', 'checkInWindowMinutes', 'padQrCodeBooking']),
      paramsService.getTimeConfig(),
    ]);
    const now = clock.now();
    const early = Number(p.checkInEarlyMinutes) * MINUTE_MS;
    const window = Number(p.checkInWindowMinutes) * MINUTE_MS;
    // Everything holding the room now, and whatever starts within the early check-in time.
    const bookings = await bookingsService.roomBookings(actor, proof.room, now, now + early + 1);
    const current = bookings.find((b) => b.startAt <= now && now < b.endAt);
    // The window of docs/product-rules.md R19.5: from checkInEarlyMinutes before the start until
    // checkInWindowMinutes after it, not past the end.
    const mine = bookings.find(
      (b) =>
        b.state === 'confirmed' &&
        (b.organiserId === actor.userId || b.innerAttendees.includes(actor.userId)) &&
        now >= b.startAt - early &&
        now < Math.min(b.startAt + window, b.endAt),
    );
    const checkIn: QrMeeting | null = mine
      ? { id: mine.id, subject: mine.subject ?? '', startAt: mine.startAt, endAt: mine.endAt }
      : null;
    // Booking from the phone starts where the tablet's "book now" would (the current slot), or once the room is free.
    const from = current ? current.endAt : onSlotGrid(now, r.timeZone, time.interval, Math.floor);
    const start = DateTime.fromMillis(from, { zone: r.timeZone });
    return {
      room: { id: r.id, name: r.name, timeZone: r.timeZone },
      now,
      checkIn,
      free: !current,
      busyUntil: current?.endAt ?? null,
      offerBooking: Boolean(p.padQrCodeBooking),
      bookAt: p.padQrCodeBooking ? { date: start.toISODate()!, startTime: start.toFormat('HH:mm') } : null,
    };
  }

  /**
   * POST /qr/room/checkin: the organiser or an inner attendee, at the room (the secret) and signed in (the
   * session), checks in without the code; the engine's own check-in rules hold, the log names the QR code.
   */
  async checkIn(actor: Actor, input: QrCheckIn): Promise<QrRoom> {
    await this.prove(input);
    const { bookingsService } = this.deps;
    const b = await bookingsService.doorBooking(actor, input.bookingId);
    if (b.resourceId !== input.room) throw new ForbiddenError('qr.otherRoom');
    if (b.organiserId !== actor.userId && !b.innerAttendees.includes(actor.userId))
      throw new ForbiddenError('qr.notYourMeeting');
    const { padAuthMethods } = await this.deps.paramsService.getMany(['padAuthMethods']);
    if (!offersQr(padAuthMethods)) throw new ForbiddenError('pad.methodOff');
    await bookingsService.checkInPresent(actor, input.bookingId, 'qr');
    // The phone proved it stands at the door (the printed secret): the door opens once (R20.1).
    void this.deps.buildingService.openDoor(input.room, input.bookingId);
    return this.room(actor, input);
  }
}
