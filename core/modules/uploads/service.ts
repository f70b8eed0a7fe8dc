/**
 * Uploaded pictures: checked by their bytes (not their name), measured, and kept
 * under `<dataDir>/uploads/<id>` with a row in `uploads`.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { BadRequestError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors.ts';
import type { UploadedFile } from '../../http/route.ts';
import { imageSize } from './image-size.ts';
import { UploadModel } from './model.ts';
import { MAX_IMAGE_BYTES, MIN_FLOOR_PLAN, type UploadType, type UploadView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import { lockUser } from '../users/index.ts';

const NAME_EXT = /\.(jpe?g|png)$/i;
const MIME = { jpg: 'image/jpeg', png: 'image/png' } as const;

export interface StoredFile {
  file: string;
  mime: string;
  name: string;
}

export class UploadsService {
  constructor(
    private readonly deps: { db: Knex; clock: Clock; config: Config; paramsService: Cradle['paramsService'] },
  ) {}

  private get dir(): string {
    return path.join(this.deps.config.dataDir, 'uploads');
  }

  /**
   * Refuses a file that would take the uploader's stored bytes past the quota. The uploader's user row is
   * locked first, so two uploads at once cannot both pass on the same remaining room.
   */
  private async assertWithinQuota(trx: Knex.Transaction, actor: Actor, adding: number): Promise<void> {
    const mb = await this.deps.paramsService.get<number>('uploadQuotaMb', trx);
    const mine = trx('uploads');
    if (actor.userId) {
      await lockUser(trx, actor.userId);
      mine.where({ created_by: actor.userId });
    } else mine.whereNull('created_by');
    const used = Number((await mine.sum({ n: 'size' }).first())?.n ?? 0);
    if (used + adding > mb * 1048576) throw new PayloadTooLargeError('upload.quotaExceeded', { mb });
  }

  /** Checks and stores one picture; answers its id. */
  async storeImage(actor: Actor, type: UploadType, file: UploadedFile | undefined): Promise<UploadView> {
    if (!file) throw new BadRequestError('common.uploadRequired');
    if (file.size > MAX_IMAGE_BYTES)
      throw new PayloadTooLargeError('upload.tooLarge', { mb: MAX_IMAGE_BYTES / 1048576 });
    if (!NAME_EXT.test(file.originalName)) throw new BadRequestError('upload.badType');
    // The bytes decide: a renamed executable or a GIF called x.png is refused here.
    const detected = await fileTypeFromFile(file.path);
    if (!detected || (detected.ext !== 'jpg' && detected.ext !== 'png')) throw new BadRequestError('upload.badType');
    const bytes = await fsp.readFile(file.path);
    const size = imageSize(bytes);
    if (!size || size.width === 0 || size.height === 0) throw new BadRequestError('upload.badImage');
    if (type === 'floorPlan' && (size.width < MIN_FLOOR_PLAN.width || size.height < MIN_FLOOR_PLAN.height)) {
      throw new BadRequestError('upload.pictureTooSmall', { ...MIN_FLOOR_PLAN });
    }
    const id = randomUUID();
    const stored = path.join(this.dir, id);
    const now = this.deps.clock.now();
    const row = {
      id,
      type,
      original_name: path.basename(file.originalName).slice(0, 255),
      mime: MIME[detected.ext],
      size: bytes.length,
      width: size.width,
      height: size.height,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      path: `uploads/${id}`,
      created_by: actor.userId || null,
      created_at: now,
      unused_since: now, // unused until a form that takes it is saved (see sweep.ts)
    };
    try {
      await this.deps.db.transaction(async (trx) => {
        await this.assertWithinQuota(trx, actor, bytes.length);
        await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
        await fsp.writeFile(stored, bytes, { mode: 0o600 });
        await trx('uploads').insert(row);
      });
    } catch (err) {
      await fsp.rm(stored, { force: true });
      throw err;
    }
    return toView(UploadModel.fromDatabaseJson(row));
  }

  async get(id: string): Promise<UploadView> {
    const upload = await UploadModel.query(this.deps.db).findById(id);
    if (!upload) throw new NotFoundError('upload', id);
    return toView(upload);
  }

  /** The stored file of an upload, for streaming. */
  async file(id: string): Promise<StoredFile> {
    const upload = await UploadModel.query(this.deps.db).findById(id);
    const file = upload ? path.join(this.deps.config.dataDir, upload.path) : '';
    if (!upload || !fs.existsSync(file)) throw new NotFoundError('upload', id);
    return { file, mime: upload.mime, name: upload.originalName };
  }

  /** Field errors for upload ids that do not exist (the caller throws them with others). */
  async missing(
    trx: Knex | Knex.Transaction,
    refs: Record<string, string | null | undefined>,
  ): Promise<Array<{ field: string; message: string }>> {
    const wanted = Object.entries(refs).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (!wanted.length) return [];
    const found = new Set(
      (
        await UploadModel.query(trx)
          .whereIn(
            'id',
            wanted.map((w) => w[1]),
          )
          .select('id')
      ).map((u) => u.id),
    );
    return wanted.filter(([, id]) => !found.has(id)).map(([field, id]) => ({ field, message: `unknown upload ${id}` }));
  }

  async assertExist(trx: Knex | Knex.Transaction, refs: Record<string, string | null | undefined>): Promise<void> {
    const errors = await this.missing(trx, refs);
    if (errors.length) throw new ValidationError(errors);
  }
}

function toView(u: UploadModel): UploadView {
  return {
    id: u.id,
    type: u.type,
    originalName: u.originalName,
    mime: u.mime,
    size: u.size,
    width: u.width,
    height: u.height,
    createdAt: u.createdAt,
  };
}
