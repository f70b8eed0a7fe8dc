/**
 * The notification centre: custom notifications an administrator writes for a
 * day (name, recipient, date, title, content). Recipients are `*` (everyone) or
 * usernames separated by commas; on that date they appear in the `notify`
 * items of the sign-in answer.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginate, type Page } from '../../db/paging.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { CustomInput, CustomList, CustomView } from './schema.ts';
import { existingUsernames } from '../users/index.ts';
import type { Cradle } from '../../cradle.ts';

export const EVERYONE = '*';

export function recipientList(recipient: string): string[] {
  return recipient
    .split(/[,;，；\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const view = (r: Record<string, unknown>): CustomView => ({
  id: Number(r.id),
  name: String(r.name),
  recipient: String(r.recipient),
  date: String(r.date),
  title: (r.title as string | null) ?? null,
  content: (r.content as string | null) ?? null,
  createdBy: r.created_by === null ? null : Number(r.created_by),
  createdAt: Number(r.created_at),
});

export class CentreService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async list(q: CustomList): Promise<Page<CustomView>> {
    const query = this.deps.db('custom_notifications').orderBy([
      { column: 'date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    if (q.date) query.where('date', q.date);
    if (q.q) whereAnyContains(query, ['name', 'title', 'recipient'], q.q);
    return paginate(query, q, view);
  }

  async get(id: number): Promise<CustomView> {
    const row = await this.deps.db('custom_notifications').where({ id }).first();
    if (!row) throw new NotFoundError('notification', id);
    return view(row);
  }

  /** Every listed username must exist, so a typo does not silently reach nobody. */
  private async checkRecipients(actor: Actor, recipient: string): Promise<string> {
    const names = recipientList(recipient);
    if (names.includes(EVERYONE)) return EVERYONE;
    const known = await existingUsernames(this.deps.db, names);
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length)
      throw new ValidationError([
        { field: 'recipient', message: t(actor.lang, 'notify.unknownRecipients', { names: unknown.join(', ') }) },
      ]);
    return names.join(',');
  }

  async create(actor: Actor, body: CustomInput): Promise<CustomView> {
    const recipient = await this.checkRecipients(actor, body.recipient);
    const id = await this.deps.db.transaction(async (trx) => {
      const [newId] = await trx('custom_notifications').insert({
        ...body,
        recipient,
        created_by: actor.userId || null,
        created_at: this.deps.clock.now(),
      });
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.notifications.create',
        target: Number(newId),
        after: { ...body, recipient },
      });
      return Number(newId);
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: CustomInput): Promise<CustomView> {
    const before = await this.get(id);
    const recipient = await this.checkRecipients(actor, body.recipient);
    await this.deps.db.transaction(async (trx) => {
      await trx('custom_notifications')
        .where({ id })
        .update({ ...body, recipient });
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.notifications.update',
        target: id,
        before,
        after: { ...body, recipient },
      });
    });
    return this.get(id);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const before = await this.get(id);
    await this.deps.db.transaction(async (trx) => {
      await trx('custom_notifications').where({ id }).delete();
      await this.deps.operationLog.record(trx, actor, { action: 'sys.notifications.delete', target: id, before });
    });
  }

  /** Today's notifications for a user. "Today" is the server's calendar day (its TZ). */
  async forUser(username: string): Promise<Array<{ title: string; content: string }>> {
    const today = DateTime.fromMillis(this.deps.clock.now()).toISODate();
    const rows = await this.deps.db('custom_notifications').where({ date: today }).orderBy('id');
    return rows
      .filter((r) => {
        const names = recipientList(String(r.recipient));
        return names.includes(EVERYONE) || names.includes(username);
      })
      .map((r) => ({ title: String(r.title || r.name), content: String(r.content ?? '') }));
  }
}
