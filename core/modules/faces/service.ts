/**
 * People's face data for the face integration kind (docs/product-rules.md R20.7): a person's consent, their face
 * images (checked by their bytes, sealed at rest by the server's secret box) and their enrolment at the face
 * provider. Every change queues one outbox row naming only the person (`{ face: { userId, username } }`): an
 * enrolment's images are read and unsealed when the row is delivered (`call`, the plugin host's call builder for
 * `face`), so no image ever sits in the outbox in clear. Withdrawing consent, deleting the last image, or the
 * account being disabled or deleted (the `faces.sweep` job) deletes the images and queues the provider's `remove`.
 * Every enrolment and removal is in the operation log, never with image bytes.
 */
import { fileTypeFromBuffer } from 'file-type';
import fsp from 'node:fs/promises';
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { systemActor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { afterCommit, runTx } from '../../db/transaction.ts';
import type { Page } from '../../db/paging.ts';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../errors.ts';
import type { UploadedFile } from '../../http/route.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { OutboxRow } from '../../plugin-host/index.ts';
import type { SecretBox } from '../../secret-box.ts';
import { MAX_IMAGE_BYTES, imageSize } from '../uploads/index.ts';
import { enabledUsersById, lockUser } from '../users/index.ts';
import { FaceImageModel, FacePersonModel } from './model.ts';
import {
  FACE_CONSENT_VERSION,
  type EnrolmentState,
  type FaceImageView,
  type FaceState,
  type FaceUserView,
} from './schema.ts';

const MIME = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** What a face outbox row carries: the person, never their images. */
export interface FaceRef {
  userId: number;
  username: string;
}

export interface FacesDeps {
  db: Knex;
  clock: Clock;
  secretBox: SecretBox;
  outbox: Cradle['outbox'];
  pluginHost: Cradle['pluginHost'];
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  usersService: Cradle['usersService'];
  userAdminService: Cradle['userAdminService'];
}

const imageView = (m: FaceImageModel): FaceImageView => ({
  id: m.id,
  mime: m.mime,
  size: m.size,
  createdAt: m.createdAt,
});

export class FacesService {
  constructor(private readonly deps: FacesDeps) {}

  /** How many images a person may have: the face provider's `imageCount` setting when it has one, else the parameter. */
  async imageLimit(trx?: Knex | Knex.Transaction, providerSettings?: Record<string, unknown>): Promise<number> {
    const param = await this.deps.paramsService.get<number>('faceImageCount', trx);
    const fromProvider = Number((providerSettings ?? (await this.providerSettings())).imageCount);
    return Number.isInteger(fromProvider) && fromProvider > 0 ? Math.min(param, fromProvider) : param;
  }

  /** The face kind's stored settings (read outside a transaction: SQLite has one connection). */
  private async providerSettings(): Promise<Record<string, unknown>> {
    return (await this.deps.pluginHost.store.read('face')).raw;
  }

  private images(db: Knex | Knex.Transaction, userId: number) {
    return FaceImageModel.query(db)
      .where('user_id', userId)
      .orderBy('id')
      .select('id', 'user_id', 'mime', 'size', 'created_at');
  }

  /** The enrolment state of the people whose last enrolment rows are `rows`, from those rows' states. */
  private async enrolmentStates(people: FacePersonModel[]): Promise<Map<number, EnrolmentState>> {
    const states = new Map<number, EnrolmentState>();
    for (const p of people) {
      if (p.enrolOutboxId === null) continue;
      const row = await this.deps.outbox.find(p.enrolOutboxId);
      states.set(
        p.userId,
        !row ? 'none' : row.state === 'done' ? 'enrolled' : row.state === 'parked' ? 'failed' : 'queued',
      );
    }
    return states;
  }

  /** A person's face data as they (or an administrator) see it, the consent text in `lang`. */
  async state(userId: number, lang: Lang): Promise<FaceState> {
    const { db } = this.deps;
    const [person, images, limit] = await Promise.all([
      FacePersonModel.query(db).findById(userId),
      this.images(db, userId),
      this.imageLimit(),
    ]);
    const enrolment = person ? (await this.enrolmentStates([person])).get(userId) : undefined;
    return {
      consent: {
        given: Boolean(person?.consentAt),
        version: person?.consentVersion ?? null,
        at: person?.consentAt ?? null,
        byAdministrator: person?.consentBy !== null && person?.consentBy !== undefined,
      },
      consentText: t(lang, 'faces.consentText'),
      consentVersion: FACE_CONSENT_VERSION,
      imageCount: images.length,
      imageLimit: limit,
      images: images.map(imageView),
      enrolment: enrolment ?? 'none',
    };
  }

  /** A person's face data for an administrator: 404 when there is no such user. */
  async stateOf(userId: number, lang: Lang): Promise<FaceState> {
    await this.usernameOf(this.deps.db, userId);
    return this.state(userId, lang);
  }

  /** An administrator's list of people with their consent and enrolment (the /sys/face screen). */
  async listUsers(query: { page: number; pageSize: number; q?: string }): Promise<Page<FaceUserView>> {
    const page = await this.deps.userAdminService.list({ ...query });
    const ids = page.items.map((u) => u.id);
    const [people, images] = await Promise.all([
      FacePersonModel.query(this.deps.db).whereIn('user_id', ids),
      FaceImageModel.query(this.deps.db).whereIn('user_id', ids).orderBy('id').select('id', 'user_id'),
    ]);
    const byUser = new Map(people.map((p) => [p.userId, p]));
    const states = await this.enrolmentStates(people);
    return {
      ...page,
      items: page.items.map((u) => {
        const person = byUser.get(u.id);
        const mine = images.filter((i) => i.userId === u.id).map((i) => i.id);
        return {
          userId: u.id,
          username: u.username,
          realName: u.realName,
          status: u.status,
          consent: Boolean(person?.consentAt),
          consentAt: person?.consentAt ?? null,
          imageCount: mine.length,
          images: mine,
          enrolment: states.get(u.id) ?? 'none',
        };
      }),
    };
  }

  /** The user must exist (404 otherwise); answers their username. */
  private async usernameOf(db: Knex | Knex.Transaction, userId: number): Promise<string> {
    const user = await this.deps.usersService.findById(userId, db);
    if (!user) throw new NotFoundError('user', userId);
    return user.username;
  }

  /**
   * Records consent to the current text: the person's own (`actor` is them) or recorded by an administrator on
   * their behalf. Agreeing again to a newer version replaces the record.
   */
  async giveConsent(actor: Actor, userId: number): Promise<FaceState> {
    const { db, clock, operationLog } = this.deps;
    await runTx(db, async (trx) => {
      const username = await this.usernameOf(trx, userId);
      const now = clock.now();
      const consent = {
        consent_version: FACE_CONSENT_VERSION,
        consent_at: now,
        consent_by: actor.userId === userId ? null : actor.userId || null,
        username,
        updated_at: now,
      };
      const had = await FacePersonModel.query(trx).findById(userId);
      if (had) await trx('face_people').where({ user_id: userId }).update(consent);
      else await trx('face_people').insert({ user_id: userId, enrol_outbox_id: null, ...consent });
      await operationLog.record(trx, actor, {
        action: 'face.consent.give',
        target: userId,
        after: { version: FACE_CONSENT_VERSION, byAdministrator: consent.consent_by !== null },
      });
    });
    return this.state(userId, actor.lang);
  }

  /** Withdraws consent: the images are deleted here and the provider is told to forget the person. */
  async withdrawConsent(actor: Actor, userId: number): Promise<FaceState> {
    const provider = await this.deps.pluginHost.selected('face');
    await runTx(this.deps.db, async (trx) => {
      const username = await this.usernameOf(trx, userId);
      await this.forget(trx, actor, { userId, username }, provider, 'face.consent.withdraw');
    });
    return this.state(userId, actor.lang);
  }

  /**
   * Deletes everything kept about a person (consent and images) and queues the provider's `remove` when anything
   * had been sent to it, in the caller's transaction; logged as `action`.
   */
  private async forget(
    trx: Knex.Transaction,
    actor: Actor,
    ref: FaceRef,
    provider: string,
    action: string,
  ): Promise<void> {
    const person = await FacePersonModel.query(trx).findById(ref.userId);
    const deleted = await trx('face_images').where({ user_id: ref.userId }).delete();
    await trx('face_people').where({ user_id: ref.userId }).delete();
    const queued = person?.enrolOutboxId !== null && person?.enrolOutboxId !== undefined;
    const removal = queued || deleted > 0 ? await this.queue(trx, provider, 'remove', ref) : null;
    await this.deps.operationLog.record(trx, actor, {
      action,
      target: ref.userId,
      before: { consent: Boolean(person?.consentAt), images: deleted },
      after: { consent: false, images: 0, removeQueued: removal !== null },
    });
  }

  /**
   * Queues `enrol` or `remove` of a person at the selected face provider (`selected('face')`, read before the
   * transaction; none selected: nothing is queued) and wakes the worker once the transaction commits; answers the
   * row's id.
   */
  private async queue(
    trx: Knex.Transaction,
    provider: string,
    topic: 'enrol' | 'remove',
    ref: FaceRef,
  ): Promise<number | null> {
    if (provider === 'none') return null;
    const id = await this.deps.outbox.enqueue(trx, { kind: 'face', provider, topic, payload: { face: ref } });
    afterCommit(trx, () => this.deps.outbox.wake());
    return id;
  }

  /** Checks an uploaded face image by its bytes: JPEG or PNG, readable, not too large. */
  private async readImage(file: UploadedFile | undefined): Promise<{ bytes: Buffer; mime: string }> {
    if (!file) throw new BadRequestError('faces.noFile');
    if (file.size > MAX_IMAGE_BYTES)
      throw new PayloadTooLargeError('faces.tooLarge', { mb: MAX_IMAGE_BYTES / 1048576 });
    const bytes = await fsp.readFile(file.path);
    // The bytes decide, whatever the name says: a text file called face.jpg is refused.
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || (detected.ext !== 'jpg' && detected.ext !== 'png')) throw new BadRequestError('faces.badType');
    const size = imageSize(bytes);
    if (!size || size.width === 0 || size.height === 0) throw new BadRequestError('faces.badImage');
    return { bytes, mime: MIME[detected.ext] };
  }

  /** Adds a face image for a person who consented, within the limit, and queues their enrolment. */
  async addImage(actor: Actor, userId: number, file: UploadedFile | undefined): Promise<FaceImageView> {
    const { bytes, mime } = await this.readImage(file);
    const { db, clock, secretBox, operationLog } = this.deps;
    const provider = await this.deps.pluginHost.selected('face');
    const settings = await this.providerSettings();
    return runTx(db, async (trx) => {
      const username = await this.usernameOf(trx, userId);
      // One decision about this person at a time: two uploads at once cannot both pass the limit.
      await lockUser(trx, userId);
      const person = await FacePersonModel.query(trx).findById(userId);
      if (!person?.consentAt) throw new BadRequestError('faces.noConsent');
      const limit = await this.imageLimit(trx, settings);
      const count = (await this.images(trx, userId)).length;
      if (count >= limit) throw new BadRequestError('faces.tooMany', { max: limit });
      const now = clock.now();
      const row = {
        user_id: userId,
        mime,
        size: bytes.length,
        data: secretBox.encrypt(bytes.toString('base64')),
        created_by: actor.userId || null,
        created_at: now,
      };
      const [id] = await trx('face_images').insert(row);
      const enrolId = await this.queue(trx, provider, 'enrol', { userId, username });
      await trx('face_people').where({ user_id: userId }).update({ enrol_outbox_id: enrolId, updated_at: now });
      await operationLog.record(trx, actor, {
        action: 'face.image.add',
        target: userId,
        after: { imageId: Number(id), mime, size: bytes.length, images: count + 1, enrolQueued: enrolId !== null },
      });
      return { id: Number(id), mime, size: bytes.length, createdAt: now };
    });
  }

  /**
   * Deletes one image of a person: the others are enrolled again, or, when it was the last, the provider is told
   * to forget them (the consent stays).
   */
  async deleteImage(actor: Actor, userId: number, imageId: number): Promise<void> {
    const { db, clock, operationLog } = this.deps;
    const provider = await this.deps.pluginHost.selected('face');
    await runTx(db, async (trx) => {
      const image = await FaceImageModel.query(trx).findById(imageId).select('id', 'user_id', 'mime', 'size');
      if (!image || image.userId !== userId) throw new NotFoundError('faceImage', imageId);
      const username = await this.usernameOf(trx, userId);
      await lockUser(trx, userId);
      await trx('face_images').where({ id: imageId }).delete();
      const left = (await this.images(trx, userId)).length;
      const ref = { userId, username };
      const topic = left > 0 ? 'enrol' : 'remove';
      const queued = await this.queue(trx, provider, topic, ref);
      await trx('face_people')
        .where({ user_id: userId })
        .update({ enrol_outbox_id: topic === 'enrol' ? queued : null, updated_at: clock.now() });
      await operationLog.record(trx, actor, {
        action: 'face.image.delete',
        target: userId,
        before: { imageId, mime: image.mime, size: image.size },
        after: { images: left, queued: queued === null ? null : topic },
      });
    });
  }

  /** An image's bytes, unsealed: the person's own (`ownerId`), or any for an administrator (`ownerId` null). */
  async image(imageId: number, ownerId: number | null): Promise<{ bytes: Buffer; mime: string }> {
    const image = await FaceImageModel.query(this.deps.db).findById(imageId);
    if (!image || (ownerId !== null && image.userId !== ownerId)) throw new NotFoundError('faceImage', imageId);
    return { bytes: this.unseal(image.data), mime: image.mime };
  }

  private unseal(data: string): Buffer {
    return Buffer.from(this.deps.secretBox.decrypt(data), 'base64');
  }

  /**
   * The arguments of a face row, built when it is delivered (the plugin host's call builder for `face`): an
   * enrolment reads and unseals the person's images as they are then; a removal names the person.
   */
  async call(row: OutboxRow): Promise<unknown[]> {
    const ref = (row.payload as { face?: FaceRef }).face;
    if (!ref) throw new Error('a face row without its person');
    if (row.topic === 'remove') return [ref.userId, ref.username];
    const user = await this.deps.usersService.findById(ref.userId);
    const images = await FaceImageModel.query(this.deps.db).where('user_id', ref.userId).orderBy('id');
    // Images deleted since (consent withdrawn): an empty enrolment, followed by the remove queued with the deletion.
    return [
      {
        userId: ref.userId,
        username: user?.username ?? ref.username,
        name: user?.realName ?? ref.username,
        images: images.map((i) => this.unseal(i.data)),
      },
    ];
  }

  /**
   * Forgets the people whose account was disabled or deleted (the `faces.sweep` job; `userIds` narrows it to those
   * just disabled or deleted): their images are deleted and the provider's `remove` queued. Answers how many.
   */
  async sweep(userIds?: readonly number[]): Promise<number> {
    const { db } = this.deps;
    const only = <Q extends { whereIn(column: string, values: readonly number[]): Q }>(q: Q) =>
      userIds ? q.whereIn('user_id', userIds) : q;
    const people = await only(FacePersonModel.query(db)).select('user_id', 'username');
    const withImages = (await only(FaceImageModel.query(db)).distinct('user_id')).map((i) => i.userId);
    const known = new Map(people.map((p) => [p.userId, p.username]));
    for (const id of withImages) if (!known.has(id)) known.set(id, '');
    if (known.size === 0) return 0;
    const enabled = new Set((await enabledUsersById(db, [...known.keys()])).map((u) => u.id));
    const provider = await this.deps.pluginHost.selected('face');
    let n = 0;
    for (const [userId, username] of known) {
      if (enabled.has(userId)) continue;
      await runTx(db, (trx) => this.forget(trx, systemActor(), { userId, username }, provider, 'face.remove'));
      n++;
    }
    return n;
  }
}
