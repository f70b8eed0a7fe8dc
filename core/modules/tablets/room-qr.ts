/**
 * The room QR code (docs/product-rules.md R19.9). A room's printed code opens `<public url>/qr?room=<id>&s=<secret>`
 * on a phone: the secret proves the phone stands at the room (it is printed there and nowhere else), the phone's
 * own session says who holds it, so the person checks in to their meeting without its code. The secret is made on
 * first use and replaced by a rotation, after which every code printed before is refused.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { TableModel } from '../../db/model.ts';
import { runTx, type Db } from '../../db/transaction.ts';
import { ForbiddenError } from '../../errors.ts';
import type { QrCheckIn, QrMeeting, QrProof, QrRoom, QrRotated } from './room-qr-schema.ts';

const MINUTE_MS = 60_000;
/** 24 random bytes: 32 url-safe characters, short enough for a small printed code. */
const SECRET_BYTES = 24;

export class RoomQrCodeModel extends TableModel {
  static override tableName = 'room_qr_codes';
  static override idColumn = 'resource_id';
  static override coerce = { resourceId: 'number', rotatedAt: 'number', createdAt: 'number' } as const;
  resourceId!: number;
  secret!: string;
  rotatedAt!: number;
  createdAt!: number;
}

export interface RoomQrDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  resourcesService: Cradle['resourcesService'];
  bookingsService: Cradle['bookingsService'];
}

const newSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class RoomQrService {
  constructor(private readonly deps: RoomQrDeps) {}

  /** The room's secret, made on first use (two first uses at once keep the one written first). */
  private async secretOf(resourceId: number, db: Db = this.deps.db): Promise<string> {
    const found = await RoomQrCodeModel.query(db).findById(resourceId);
    if (found) return found.secret;
    const now = this.deps.clock.now();
    try {
      await db('room_qr_codes').insert({
        resource_id: resourceId,
        secret: newSecret(),
        rotated_at: now,
        created_at: now,
      });
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
      await trx('room_qr_codes').where({ resource_id: resourceId }).update({ secret: newSecret(), rotated_at: now });
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

  /** The secret must be the room's current one: a wrong or rotated one is refused. */
  private async prove(proof: QrProof): Promise<void> {
    const row = await RoomQrCodeModel.query(this.deps.db).findById(proof.room);
    if (!row || !sameSecret(proof.s, row.secret)) throw new ForbiddenError('qr.wrongSecret');
  }

  /** GET /qr/room: the room, the caller's meeting there that may be checked in now, and whether it is free. */
  async room(actor: Actor, proof: QrProof): Promise<QrRoom> {
    await this.prove(proof);
    const { paramsService, resourcesService, bookingsService, clock } = this.deps;
    const [r, p] = await Promise.all([
      resourcesService.get(proof.room),
      paramsService.getMany(['checkInEarlyMinutes', 'checkInWindowMinutes', 'padQrCodeBooking']),
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
    return {
      room: { id: r.id, name: r.name, timeZone: r.timeZone },
      now,
      checkIn,
      free: !current,
      busyUntil: current?.endAt ?? null,
      offerBooking: Boolean(p.padQrCodeBooking),
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
    if (
      !String(padAuthMethods ?? '')
        .split('|')
        .includes('qr')
    )
      throw new ForbiddenError('pad.methodOff');
    await bookingsService.checkInPresent(actor, input.bookingId, 'qr');
    return this.room(actor, input);
  }
}
