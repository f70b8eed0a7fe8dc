/** Notification templates per event and language: seeded defaults, admin edits with a preview. */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { LANGS, t, type Lang } from '../../i18n/index.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';
import { SAMPLE_DATA, TEMPLATE_EVENTS, type TemplateData, type TemplateEvent } from './events.ts';
import { NotificationTemplateModel } from './model.ts';
import { render, templateLinks, templateProblem, type Rendered } from './render.ts';
import type { TemplateList, TemplatePreview, TemplateUpdate, TemplateView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

const view = (m: NotificationTemplateModel): TemplateView => ({
  id: m.id,
  event: m.event,
  lang: m.lang,
  subject: m.subject,
  content: m.content,
  updatedAt: m.updatedAt,
});

export class TemplatesService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      config: Config;
      logger: Logger;
      operationLog: Cradle['operationLog'];
    },
  ) {}

  /** Adds the default of every (event, language) that has no template yet; edited ones are left alone. */
  async seed(): Promise<void> {
    const now = this.deps.clock.now();
    const rows = TEMPLATE_EVENTS.flatMap((event) =>
      LANGS.map((lang) => {
        const [subject, content] = DEFAULT_TEMPLATES[event][lang];
        return { event, lang, subject, content, updated_at: now };
      }),
    );
    await this.deps.db('notification_templates').insert(rows).onConflict(['event', 'lang']).ignore();
  }

  async list(q: TemplateList): Promise<Page<TemplateView>> {
    const query = NotificationTemplateModel.query(this.deps.db).orderBy([{ column: 'event' }, { column: 'lang' }]);
    if (q.event) query.where('event', q.event);
    if (q.lang) query.where('lang', q.lang);
    if (q.q) whereAnyContains(query, ['subject', 'event'], q.q);
    return paginateModels(query, q, view);
  }

  async get(id: number): Promise<TemplateView> {
    const template = await NotificationTemplateModel.query(this.deps.db).findById(id);
    if (!template) throw new NotFoundError('template', id);
    return view(template);
  }

  private check(actor: Actor, subject: string, content: string): void {
    const problems = [
      { field: 'subject', problem: templateProblem(subject, actor.lang) },
      { field: 'content', problem: templateProblem(content, actor.lang) },
    ].filter((p): p is { field: string; problem: string } => p.problem !== undefined);
    if (problems.length)
      throw new ValidationError(
        problems.map(({ field, problem }) => ({
          field,
          message: t(actor.lang, 'notify.templateInvalid', { problem }),
        })),
        'notify.templateInvalid',
        { problem: problems[0]!.problem },
      );
  }

  async update(actor: Actor, id: number, body: TemplateUpdate): Promise<TemplateView> {
    this.check(actor, body.subject, body.content);
    const before = await this.get(id);
    await this.deps.db.transaction(async (trx) => {
      await trx('notification_templates')
        .where({ id })
        .update({ subject: body.subject, content: body.content, updated_at: this.deps.clock.now() });
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.templates.update',
        target: `${before.event}/${before.lang}`,
        before: { subject: before.subject },
        after: { subject: body.subject },
      });
    });
    return this.get(id);
  }

  /** Renders the given (unsaved) text, or the stored template, with sample data. */
  async preview(actor: Actor, body: TemplatePreview): Promise<Rendered> {
    const stored = await this.template(body.event as TemplateEvent, body.lang);
    const subject = body.subject ?? stored.subject;
    const content = body.content ?? stored.content;
    this.check(actor, subject, content);
    return render({ subject, content }, SAMPLE_DATA, templateLinks(this.deps.config.publicUrl));
  }

  /** The template to send: the stored one, or the built-in default if the row is missing. */
  async template(event: TemplateEvent, lang: Lang): Promise<{ subject: string; content: string }> {
    const stored = await NotificationTemplateModel.query(this.deps.db)
      .where({ event, lang })
      .select('subject', 'content')
      .first();
    if (stored) return { subject: stored.subject, content: stored.content };
    const [subject, content] = DEFAULT_TEMPLATES[event][lang];
    return { subject, content };
  }

  /** The message of an event; a stored template that fails to render (saved before a check existed) gives way to the built-in one. */
  async render(event: TemplateEvent, lang: Lang, data: TemplateData): Promise<Rendered> {
    const links = templateLinks(this.deps.config.publicUrl);
    try {
      return render(await this.template(event, lang), data, links);
    } catch (err) {
      this.deps.logger.warn({ event, lang, problem: (err as Error).message }, 'template failed, built-in one sent');
      const [subject, content] = DEFAULT_TEMPLATES[event][lang];
      return render({ subject, content }, data, links);
    }
  }
}
