/**
 * Webhook subscriptions (docs/product-rules.md R24): endpoints that administrators subscribe to events, the work
 * each recorded change means for them (a target of the change dispatcher), and their delivery through the outbox
 * with the delivery log, redelivery and the disabling of an endpoint that fails for a day.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { afterCommit, runTx } from '../../db/transaction.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { t, type Lang } from '../../i18n/index.ts';
import {
  errorMessage,
  type CoreOutboxKind,
  type Outbox,
  type OutboxItem,
  type OutboxRow,
} from '../../plugin-host/index.ts';
import { signWebhook } from '../../plugin-sdk/index.ts';
import type { SecretBox } from '../../secret-box.ts';
import type { Change } from '../changes/index.ts';
import { send } from './delivery.ts';
import { eventOf, TEST_EVENT, WEBHOOK_EVENTS } from './events.ts';
import { WebhookDeliveryModel, WebhookEndpointModel } from './model.ts';
import type {
  DeliveryQuery,
  DeliveryView,
  EndpointInput,
  EndpointQuery,
  EndpointView,
  EndpointWithSecret,
} from './schema.ts';
import { checkUrl, UrlRefused } from './url-guard.ts';

/**
 * The outbox kind of webhook messages: one of the core's own, no provider's (the outbox worker hands them to this
 * module's deliverer, `Outbox.deliverWith`).
 */
export const WEBHOOK_KIND: CoreOutboxKind = 'webhook';
/** How long the previous secret still signs after a rotation (R24.2). */
export const ROTATION_GRACE_MS = 24 * 3_600_000;
/** How long an endpoint may fail without a success before it is disabled (R24.5). */
export const FAILING_LIMIT_MS = 24 * 3_600_000;

/** How long the delivery log keeps a message (R24.4). */
export const DELIVERIES_KEPT_MS = 30 * 24 * 3_600_000;

/** What an outbox row of a webhook message carries: the body is made once, every attempt sends the same. */
interface WebhookWork {
  endpointId: number;
  messageId: string;
  type: string;
  body: string;
}

export class WebhooksService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      logger: Logger;
      outbox: Outbox;
      secretBox: SecretBox;
      operationLog: Cradle['operationLog'];
      paramsService: Cradle['paramsService'];
      notificationsService: Cradle['notificationsService'];
    },
  ) {}

  private view(e: WebhookEndpointModel): EndpointView {
    const now = this.deps.clock.now();
    return {
      id: e.id,
      name: e.name,
      url: e.url,
      events: e.events,
      enabled: e.enabled,
      previousSecretUntil: e.previousSecret && e.previousUntil && e.previousUntil > now ? e.previousUntil : null,
      failingSince: e.failingSince,
      disabledAt: e.disabledAt,
      disabledReason: e.disabledReason,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
    };
  }

  private deliveryView(d: WebhookDeliveryModel): DeliveryView {
    return {
      id: d.id,
      endpointId: d.endpointId,
      messageId: d.messageId,
      eventType: d.eventType,
      state: d.state,
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      createdAt: d.createdAt,
      lastAttemptAt: d.lastAttemptAt,
      deliveredAt: d.deliveredAt,
    };
  }

  private async allowPrivate(): Promise<boolean> {
    return Boolean(await this.deps.paramsService.get<boolean>('webhookAllowPrivate'));
  }

  /** The input checked: known events, and an address the URL guard lets through (R24.3). 400 otherwise. */
  private async check(lang: Lang, input: EndpointInput): Promise<string[]> {
    const events = [...new Set(input.events)];
    const unknown = events.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown)
      throw new ValidationError(
        [{ field: 'events', message: t(lang, 'webhooks.unknownEvent', { event: unknown }) }],
        'webhooks.unknownEvent',
        { event: unknown },
      );
    try {
      await checkUrl(input.url, await this.allowPrivate());
    } catch (err) {
      if (!(err instanceof UrlRefused)) throw err;
      const key =
        err.reason === 'scheme'
          ? 'webhooks.badUrl'
          : err.reason === 'private'
            ? 'webhooks.privateUrl'
            : 'webhooks.unresolved';
      throw new ValidationError([{ field: 'url', message: t(lang, key, { host: err.host }) }], key, { host: err.host });
    }
    return events;
  }

  private async one(trx: Knex | Knex.Transaction, id: number): Promise<WebhookEndpointModel> {
    const row = await WebhookEndpointModel.query(trx).findById(id);
    if (!row) throw new NotFoundError('webhook endpoint', id);
    return row;
  }

  async list(query: EndpointQuery): Promise<Page<EndpointView>> {
    const q = WebhookEndpointModel.query(this.deps.db).orderBy('id', 'desc');
    if (query.q) whereAnyContains(q, ['name', 'url'], query.q);
    return paginateModels(q, query, (e) => this.view(e));
  }

  async create(actor: Actor, input: EndpointInput): Promise<EndpointWithSecret> {
    if (actor.via === 'apiKey') throw new ForbiddenError('webhooks.notWithKey');
    const events = await this.check(actor.lang, input);
    const secret = newSecret();
    const now = this.deps.clock.now();
    return runTx(this.deps.db, async (trx) => {
      const [id] = await trx('webhook_endpoints').insert({
        name: input.name,
        url: input.url,
        events: JSON.stringify(events),
        enabled: input.enabled,
        secret: this.deps.secretBox.encrypt(secret),
        created_by: actor.userId || null,
        created_at: now,
        updated_at: now,
      });
      const view = this.view(await this.one(trx, Number(id)));
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.webhooks.create',
        target: view.id,
        after: { name: view.name, url: view.url, events, enabled: view.enabled },
      });
      return { ...view, secret };
    });
  }

  async update(actor: Actor, id: number, input: EndpointInput): Promise<EndpointView> {
    const events = await this.check(actor.lang, input);
    const now = this.deps.clock.now();
    return runTx(this.deps.db, async (trx) => {
      const before = await this.one(trx, id);
      // Enabled again (after it was disabled for failing): its failures start afresh.
      const enabling = input.enabled && !before.enabled;
      await trx('webhook_endpoints')
        .where({ id })
        .update({
          name: input.name,
          url: input.url,
          events: JSON.stringify(events),
          enabled: input.enabled,
          updated_at: now,
          ...(enabling ? { failing_since: null, disabled_at: null, disabled_reason: null } : {}),
        });
      const after = this.view(await this.one(trx, id));
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.webhooks.update',
        target: id,
        before: { name: before.name, url: before.url, events: before.events, enabled: before.enabled },
        after: { name: after.name, url: after.url, events: after.events, enabled: after.enabled },
      });
      return after;
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await runTx(this.deps.db, async (trx) => {
      const before = await this.one(trx, id);
      await trx('webhook_deliveries').where({ endpoint_id: id }).delete();
      await trx('webhook_endpoints').where({ id }).delete();
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.webhooks.delete',
        target: id,
        before: { name: before.name, url: before.url },
      });
    });
  }

  /** A new secret, answered once; the one it replaces still signs for a day (R24.2). */
  async rotate(actor: Actor, id: number): Promise<EndpointWithSecret> {
    if (actor.via === 'apiKey') throw new ForbiddenError('webhooks.notWithKey');
    const secret = newSecret();
    const now = this.deps.clock.now();
    return runTx(this.deps.db, async (trx) => {
      const before = await this.one(trx, id);
      await trx('webhook_endpoints')
        .where({ id })
        .update({
          secret: this.deps.secretBox.encrypt(secret),
          previous_secret: before.secret,
          previous_until: now + ROTATION_GRACE_MS,
          updated_at: now,
        });
      const view = this.view(await this.one(trx, id));
      await this.deps.operationLog.record(trx, actor, { action: 'sys.webhooks.rotate', target: id });
      return { ...view, secret };
    });
  }

  /** Queues a `webhook.test` message to the endpoint, whatever it subscribed to (R24.4). */
  async sendTest(actor: Actor, id: number): Promise<{ deliveryId: number; messageId: string }> {
    const now = this.deps.clock.now();
    return runTx(this.deps.db, async (trx) => {
      const endpoint = await this.one(trx, id);
      const work = message(endpoint.id, TEST_EVENT, now, { endpointId: endpoint.id, by: actor.username });
      const deliveryId = await this.logRow(trx, work, now);
      await this.deps.outbox.enqueue(trx, item(work));
      afterCommit(trx, () => this.deps.outbox.wake());
      return { deliveryId, messageId: work.messageId };
    });
  }

  async deliveries(endpointId: number, query: DeliveryQuery): Promise<Page<DeliveryView>> {
    await this.one(this.deps.db, endpointId);
    const q = WebhookDeliveryModel.query(this.deps.db).where('endpoint_id', endpointId).orderBy('id', 'desc');
    return paginateModels(q, query, (d) => this.deliveryView(d));
  }

  /** Sends a logged message again, with the same id and body (receivers tell a repeat by its id, R24.4). */
  async redeliver(actor: Actor, deliveryId: number): Promise<DeliveryView> {
    return runTx(this.deps.db, async (trx) => {
      const d = await WebhookDeliveryModel.query(trx).findById(deliveryId);
      if (!d) throw new NotFoundError('webhook delivery', deliveryId);
      await this.one(trx, d.endpointId);
      await trx('webhook_deliveries').where({ id: deliveryId }).update({ state: 'pending' });
      await this.deps.outbox.enqueue(
        trx,
        item({ endpointId: d.endpointId, messageId: d.messageId, type: d.eventType, body: d.body }),
      );
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.webhooks.redeliver',
        target: d.messageId,
        note: `endpoint ${d.endpointId}`,
      });
      afterCommit(trx, () => this.deps.outbox.wake());
      return this.deliveryView((await WebhookDeliveryModel.query(trx).findById(deliveryId))!);
    });
  }

  /** Deletes the delivery log's messages older than 30 days (R24.4); answers how many. */
  async purge(now = this.deps.clock.now()): Promise<number> {
    return WebhookDeliveryModel.query(this.deps.db)
      .where('created_at', '<', now - DELIVERIES_KEPT_MS)
      .delete();
  }

  /** The change dispatcher's target: one message per enabled endpoint subscribed to the change's event (R24.2). */
  async plan(change: Change): Promise<OutboxItem[]> {
    const event = eventOf(change);
    if (!event) return [];
    const endpoints = await WebhookEndpointModel.query(this.deps.db).where('enabled', true).orderBy('id');
    // An endpoint hears of what happened once it existed, not of changes recorded before it (still being dispatched).
    return endpoints
      .filter((e) => e.events.includes(event.type) && Number(e.createdAt) <= change.at)
      .map((e) => item(message(e.id, event.type, change.at, event.data)));
  }

  /** The delivery log's row of a message, made at its first attempt when the dispatcher queued it. */
  private async logRow(db: Knex | Knex.Transaction, work: WebhookWork, now: number): Promise<number> {
    const found = await WebhookDeliveryModel.query(db).where('message_id', work.messageId).first();
    if (found) return found.id;
    const [id] = await db('webhook_deliveries').insert({
      endpoint_id: work.endpointId,
      message_id: work.messageId,
      event_type: work.type,
      body: work.body,
      state: 'pending',
      attempts: 0,
      created_at: now,
    });
    return Number(id);
  }

  /** The outbox worker's deliverer of webhook rows (R24.3-R24.5). */
  async deliver(row: OutboxRow): Promise<string | void> {
    const { db, clock, secretBox } = this.deps;
    const work = row.payload as WebhookWork;
    const now = clock.now();
    const deliveryId = await this.logRow(db, work, now);
    const endpoint = await WebhookEndpointModel.query(db).findById(work.endpointId);
    if (!endpoint || !endpoint.enabled) {
      await db('webhook_deliveries').where({ id: deliveryId }).update({ state: 'skipped' });
      return 'endpoint deleted or disabled: not sent';
    }
    const secrets = [secretBox.decrypt(endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousUntil && endpoint.previousUntil > now)
      secrets.push(secretBox.decrypt(endpoint.previousSecret));
    const timestamp = Math.floor(now / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      // Checked again at every attempt, and the call goes to the address checked (R24.3).
      const target = await checkUrl(endpoint.url, await this.allowPrivate());
      status = await send(
        target,
        {
          'webhook-id': work.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secrets, work.messageId, timestamp, work.body),
        },
        work.body,
      );
    } catch (err) {
      error = errorMessage(err);
    }
    const ok = status !== null && status >= 200 && status <= 299;
    if (!ok && !error)
      error =
        status !== null && status >= 300 && status <= 399
          ? `HTTP ${status} (redirects are not followed)`
          : `HTTP ${status}`;
    const last = row.attempts + 1 >= this.deps.outbox.options.maxAttempts;
    const after = clock.now();
    await db('webhook_deliveries')
      .where({ id: deliveryId })
      .update({
        state: ok ? 'delivered' : last ? 'failed' : 'pending',
        attempts: db.raw('attempts + 1'),
        last_status: status,
        last_error: error ? error.slice(0, 1000) : null,
        last_attempt_at: after,
        delivered_at: ok ? after : null,
      });
    if (ok) {
      if (endpoint.failingSince !== null)
        await db('webhook_endpoints').where({ id: endpoint.id }).update({ failing_since: null });
      return;
    }
    await this.failing(endpoint, now);
    throw new Error(`webhook ${endpoint.id}: ${error}`);
  }

  /** Notes a failure; an endpoint failing for over a day is disabled and its administrators told (R24.5). */
  private async failing(endpoint: WebhookEndpointModel, now: number): Promise<void> {
    const { db } = this.deps;
    if (endpoint.failingSince === null) {
      await db('webhook_endpoints')
        .where({ id: endpoint.id })
        .whereNull('failing_since')
        .update({ failing_since: now });
      return;
    }
    if (now - endpoint.failingSince < FAILING_LIMIT_MS) return;
    const since = new Date(endpoint.failingSince).toISOString().slice(0, 16).replace('T', ' ');
    const params = { name: endpoint.name, url: endpoint.url, since };
    const queue = await this.deps.notificationsService.noticeToHolders('webhooks.manage', {
      topic: 'webhook.disabled',
      key: `webhook.disabled:${endpoint.id}:${endpoint.failingSince}`,
      words: (lang) => ({
        subject: t(lang, 'webhooks.disabledSubject', params),
        text: t(lang, 'webhooks.disabledText', params),
      }),
    });
    await runTx(db, async (trx) => {
      const n = await trx('webhook_endpoints').where({ id: endpoint.id, enabled: true }).update({
        enabled: false,
        disabled_at: now,
        disabled_reason: 'failing for more than a day',
        updated_at: now,
      });
      if (n === 1) {
        await queue(trx);
        this.deps.logger.warn(
          { webhook: endpoint.id, failingSince: endpoint.failingSince },
          'webhook endpoint disabled',
        );
      }
    });
  }
}

/** `whsec_` and the base64 of 24 random bytes (R24.2). */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function message(endpointId: number, type: string, at: number, data: unknown): WebhookWork {
  return {
    endpointId,
    messageId: `msg_${randomUUID()}`,
    type,
    body: JSON.stringify({ type, timestamp: new Date(at).toISOString(), data }),
  };
}

function item(work: WebhookWork): OutboxItem {
  return { kind: WEBHOOK_KIND, provider: null, topic: work.type, payload: work };
}
