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
import { paginateModels, type Page } from '../../db/paging.ts';
import type { Db } from '../../db/transaction.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { CustomNotificationModel } from './model.ts';
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

const view = (n: CustomNotificationModel): CustomView => ({
  id: n.id,
  name: n.name,
  recipient: n.recipient,
  date: n.date,
  title: n.title,
  content: n.content,
  createdBy: n.createdBy,
  createdAt: n.createdAt,
});

export class CentreService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async list(q: CustomList): Promise<Page<CustomView>> {
    const query = CustomNotificationModel.query(this.deps.db).orderBy([
      { column: 'date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    if (q.date) query.where('date', q.date);
    if (q.q) whereAnyContains(query, ['name', 'title', 'recipient'], q.q);
    return paginateModels(query, q, view);
  }

  async get(id: number, trx: Db = this.deps.db): Promise<CustomView> {
    const found = await CustomNotificationModel.query(trx).findById(id);
    if (!found) throw new NotFoundError('notification', id);
    return view(found);
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('sys.notifications', (id, trx) => this.get(id, trx));
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
    return this.audit.create(actor, async (trx) => {
      const [id] = await trx('custom_notifications').insert({
        ...body,
        recipient,
        created_by: actor.userId || null,
        created_at: this.deps.clock.now(),
      });
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, body: CustomInput): Promise<CustomView> {
    const recipient = await this.checkRecipients(actor, body.recipient);
    return this.audit.update(actor, id, async (trx) => {
      await trx('custom_notifications')
        .where({ id })
        .update({ ...body, recipient });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx) => {
      await trx('custom_notifications').where({ id }).delete();
    });
  }

  /** Today's notifications for a user. "Today" is the server's calendar day (its TZ). */
  async forUser(username: string): Promise<Array<{ title: string; content: string }>> {
    const today = DateTime.fromMillis(this.deps.clock.now()).toISODate();
    const notes = await CustomNotificationModel.query(this.deps.db).where({ date: today }).orderBy('id');
    return notes
      .filter((n) => {
        const names = recipientList(n.recipient);
        return names.includes(EVERYONE) || names.includes(username);
      })
      .map((n) => ({ title: n.title || n.name, content: n.content ?? '' }));
  }
}
