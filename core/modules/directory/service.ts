/**
 * Directory sync (docs/product-rules.md R21): the people of the apps provider's directory become Atrium accounts.
 * A run lists every page first, works out every step (plan.ts), stops for confirmation when it would disable more
 * than `directoryMaxDisablePercent` of the linked accounts (a broken directory must not disable the company), and
 * then applies the steps one transaction each, so a run cut short is finished by the next one without duplicates
 * (each person's link is unique). Runs never overlap, in this process or another: the one row of `directory_sync`
 * is the lock, and it lapses when its holder died. A dry run changes nothing and reports what would change.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { serviceActor, systemActor, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { paginateModels } from '../../db/paging.ts';
import { runTx } from '../../db/transaction.ts';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { DirectoryUser } from '../../plugin-sdk/index.ts';
import { ADMIN_ROLE, STAFF_ROLE, holdersOf } from '../roles/index.ts';
import { departmentPathText, directoryAccounts, usernamesOf, type DirectoryAccount } from '../users/index.ts';
import { DirectoryRunModel } from './model.ts';
import { matchValue, plan, type MatchBy, type Step } from './plan.ts';
import type { Counts, ReportLine, RunDetail, RunMode, RunQuery, RunView, SyncRequest } from './schema.ts';

/** How long a run's lock holds without being renewed (a page listed, a hundred steps applied). */
const LOCK_MS = 10 * 60_000;
/** Pages read at most in one run (a provider whose cursor never ends). */
const MAX_PAGES = 10_000;
const REPORT_LINES = 1000;

export interface DirectoryDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  pluginHost: Cradle['pluginHost'];
  paramsService: Cradle['paramsService'];
  usersService: Cradle['usersService'];
  userAdminService: Cradle['userAdminService'];
  rolesService: Cradle['rolesService'];
  bookingsService: Cradle['bookingsService'];
  ssoIdentitiesService: Cradle['ssoIdentitiesService'];
  operationLog: Cradle['operationLog'];
  directoryGroupMaps: Cradle['directoryGroupMaps'];
}

export interface Progress {
  phase: 'listing' | 'applying';
  done: number;
  total?: number;
}

/** The identity source a provider's people are linked under: `ldap-directory` → `ldap` (shared with LDAP sign-in). */
export const sourceOf = (providerId: string): string => providerId.replace(/-directory$/, '');

const emptyCounts = (): Counts => ({
  listed: 0,
  created: 0,
  linked: 0,
  updated: 0,
  disabled: 0,
  skipped: 0,
  bookingsCancelled: 0,
  bookingsHandedOver: 0,
  regrouped: 0,
});

export class DirectoryService {
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly deps: DirectoryDeps) {}

  /**
   * One run. `actor` null is the scheduler. Throws 409 while another run holds the lock and 422 when no
   * provider can list people; a provider that fails mid-way leaves a failed run and changes nothing.
   */
  async run(actor: Actor | null, request: SyncRequest, onProgress?: (p: Progress) => void): Promise<RunDetail> {
    const { db, clock, pluginHost } = this.deps;
    const provider = await pluginHost.selected('apps');
    const canList = await pluginHost.tryCall('apps', 'capabilities', (p) => typeof p.listUsers === 'function');
    if (provider === 'none' || !canList) throw new BusinessRuleError('directory.noProvider');
    if (!(await this.lock())) throw new ConflictError('directory.running');
    const startedAt = clock.now();
    let runId = 0;
    try {
      const sync = (await db('directory_sync').where({ id: 1 }).first('synced_at', 'state')) as {
        synced_at: number | string | null;
        state: string | null;
      };
      // An increment continues the last run of the same provider: after none, or after another provider's, there is
      // nothing to increment from, and the run is a full one.
      const last = await DirectoryRunModel.query(db)
        .where({ state: 'done', dry_run: false })
        .orderBy('id', 'desc')
        .select('provider')
        .first();
      const since = sync.synced_at === null || last?.provider !== provider ? undefined : Number(sync.synced_at);
      const mode: RunMode = request.mode === 'incremental' && since !== undefined ? 'incremental' : 'full';
      const [inserted] = (await db('directory_runs').insert({
        provider,
        mode,
        dry_run: request.dryRun,
        state: 'running',
        started_by: actor?.userId || null,
        started_at: startedAt,
        counts: JSON.stringify(emptyCounts()),
        report: '[]',
      })) as number[];
      runId = Number(inserted);
      let listed: { people: DirectoryUser[]; state?: string };
      try {
        listed = await this.list(mode, since, sync.state ?? undefined, onProgress);
      } catch (err) {
        await this.finish(runId, 'failed', emptyCounts(), [], (err as Error).message);
        return this.get(runId);
      }
      const source = sourceOf(provider);
      const steps = await this.plan(source, mode, listed.people);
      const counts = { ...emptyCounts(), listed: listed.people.length };
      const report: ReportLine[] = [];
      const linkedActive = await this.linkedActiveCount(source);
      const disabling = steps.filter((s) => s.action === 'disable').length;
      const percent = Number(await this.deps.paramsService.get('directoryMaxDisablePercent'));
      const tooMany = disabling > 0 && disabling > Math.max(1, Math.floor((linkedActive * percent) / 100));
      if (request.dryRun || (tooMany && !request.confirm)) {
        for (const s of steps) tally(counts, report, s);
        await this.finish(runId, request.dryRun ? 'done' : 'needsConfirmation', counts, report, null);
        return this.get(runId);
      }
      const who = actor ?? systemActor();
      let done = 0;
      for (const step of steps) {
        const line = await this.apply(who, source, step, counts).catch((err: Error) => {
          this.deps.logger.warn({ err, step: step.action }, 'directory sync step failed');
          return { ...lineOf(step), action: 'skip' as const, reason: `failed: ${err.message.slice(0, 200)}` };
        });
        tally(counts, report, step, line);
        if (++done % 100 === 0) await this.lock();
        onProgress?.({ phase: 'applying', done, total: steps.length });
      }
      counts.regrouped = await this.regroup(source, listed.people);
      await db('directory_sync')
        .where({ id: 1 })
        .update({ synced_at: startedAt, state: listed.state ?? null });
      await this.finish(runId, 'done', counts, report, null);
      return this.get(runId);
    } catch (err) {
      if (runId) await this.finish(runId, 'failed', emptyCounts(), [], (err as Error).message).catch(() => undefined);
      throw err;
    } finally {
      await this.unlock();
    }
  }

  async runs(query: RunQuery) {
    const page = await paginateModels(DirectoryRunModel.query(this.deps.db).orderBy('id', 'desc'), query, (r) => r);
    const names = await usernamesOf(
      this.deps.db,
      page.items.map((r) => r.startedBy).filter((id): id is number => id !== null),
    );
    return { ...page, items: page.items.map((r) => viewOf(r, names)) };
  }

  /** When the last run that changed people ended (the incremental job waits directoryIncrementMinutes after it). */
  async lastFinishedAt(): Promise<number | null> {
    const run = await DirectoryRunModel.query(this.deps.db)
      .where({ dry_run: false })
      .whereNotNull('finished_at')
      .orderBy('id', 'desc')
      .first();
    return run?.finishedAt ?? null;
  }

  async get(id: number): Promise<RunDetail> {
    const run = await DirectoryRunModel.query(this.deps.db).findById(id);
    if (!run) throw new NotFoundError('directoryRun', id);
    const names = await usernamesOf(this.deps.db, run.startedBy === null ? [] : [run.startedBy]);
    return { ...viewOf(run, names), report: run.report };
  }

  /** Every page of the provider's people; throws when the provider does. */
  private async list(
    mode: RunMode,
    since: number | undefined,
    state: string | undefined,
    onProgress?: (p: Progress) => void,
  ): Promise<{ people: DirectoryUser[]; state?: string }> {
    const people: DirectoryUser[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const options = mode === 'incremental' ? { cursor, since, state } : { cursor };
      const answer = await this.deps.pluginHost.call('apps', 'listUsers', (p) => p.listUsers!(options));
      people.push(...(answer.users ?? []).filter(isPerson));
      onProgress?.({ phase: 'listing', done: people.length });
      await this.lock();
      if (!answer.cursor) return { people, state: answer.state };
      cursor = answer.cursor;
    }
    throw new Error(`the provider gave more than ${MAX_PAGES} pages`);
  }

  private async plan(source: string, mode: RunMode, people: DirectoryUser[]): Promise<Step[]> {
    const { db, ssoIdentitiesService, paramsService } = this.deps;
    const p = await paramsService.getMany(['directoryMatchBy', 'directoryAutoCreate']);
    const matchBy = p.directoryMatchBy as MatchBy;
    const links = await ssoIdentitiesService.linksOf(source);
    const accounts = new Map<number, DirectoryAccount>();
    for (const a of await directoryAccounts(db, 'id', [...links.values()])) accounts.set(a.id, a);
    const byField = new Map<string, DirectoryAccount>();
    const ambiguous = new Set<string>();
    const unlinked = people.filter((x) => !links.has(x.externalId));
    if (matchBy !== 'none') {
      const values = unlinked.map((x) => matchValue(x, matchBy)).filter((v): v is string => v !== undefined);
      for (const a of await directoryAccounts(db, matchBy, values)) {
        const key = matchBy === 'email' ? a.email?.toLowerCase() : matchBy === 'username' ? a.username : a.employeeNo;
        if (!key) continue;
        // Two accounts with the same e-mail or employee number: neither is taken for the person.
        if (byField.has(key)) ambiguous.add(key);
        byField.set(key, a);
      }
    }
    const byUsername = new Map(
      (await directoryAccounts(db, 'username', unlinked.map((x) => x.username).filter(Boolean))).map((a) => [
        a.username,
        a,
      ]),
    );
    const admins = new Set((await holdersOf(db, { code: ADMIN_ROLE })).map((r: { user_id: number }) => r.user_id));
    const linkedUserIds = new Set(links.values());
    return plan({
      mode,
      people,
      links,
      accounts,
      byField,
      ambiguous,
      byUsername,
      linkedUserIds,
      admins: new Set([...admins].map(Number)),
      matchBy,
      autoCreate: Boolean(p.directoryAutoCreate),
      // notify-wecom and notify-dingtalk address people by the chat's user id.
      addressedById: source === 'wecom' || source === 'dingtalk',
    });
  }

  /** Applies the group mapping to every listed person who is linked (R21.6); answers how many changed. */
  private async regroup(source: string, people: readonly DirectoryUser[]): Promise<number> {
    const { db, directoryGroupMaps, ssoIdentitiesService } = this.deps;
    if (!(await directoryGroupMaps.any(source))) return 0;
    const links = await ssoIdentitiesService.linksOf(source);
    let n = 0;
    for (const p of people) {
      const userId = links.get(p.externalId);
      if (!p.active || userId === undefined) continue;
      const told = {
        ...(p.groups ? { groups: p.groups } : {}),
        ...(p.departmentPath ? { departmentPath: departmentPathText(p.departmentPath) } : {}),
      };
      if (await runTx(db, (trx) => directoryGroupMaps.apply(trx, userId, source, told))) n++;
    }
    return n;
  }

  private async linkedActiveCount(source: string): Promise<number> {
    const links = await this.deps.ssoIdentitiesService.linksOf(source);
    return (await directoryAccounts(this.deps.db, 'id', [...links.values()])).filter((a) => a.status === 1).length;
  }

  /** One step in its own transaction (a leaver's bookings each in theirs). Answers its report line. */
  private async apply(actor: Actor, source: string, step: Step, counts: Counts): Promise<ReportLine> {
    const { db, usersService, userAdminService, rolesService, ssoIdentitiesService, operationLog } = this.deps;
    const line = lineOf(step);
    if (step.action === 'skip') return line;
    if (step.action === 'disable') {
      await userAdminService.disableLeaver(actor, step.userId, source);
      const bookings = await this.leaverBookings(actor, step.userId);
      counts.bookingsCancelled += bookings.cancelled;
      counts.bookingsHandedOver += bookings.handedOver;
      return line;
    }
    const externalId = step.person.externalId.slice(0, 255);
    try {
      await runTx(db, async (trx) => {
        if (step.action === 'create') {
          const roleId = await rolesService.roleIdByCode(STAFF_ROLE, trx);
          const userId = await usersService.insert(trx, {
            username: step.person.username.slice(0, 50),
            realName: step.fields.realName ?? step.person.username,
            employeeNo: step.fields.employeeNo ?? step.person.username.slice(0, 50),
            // Accounts of the directory sign in through it: no local password unless an administrator sets one.
            password: null,
            email: step.fields.email ?? null,
            phone: step.fields.phone ?? null,
            department: step.fields.department ?? null,
            cardNo: step.fields.cardNo ?? null,
            externalId: step.fields.externalId ?? null,
            departmentPath: step.fields.departmentPath ?? null,
            roleIds: [roleId],
            source,
          });
          await ssoIdentitiesService.insert(trx, userId, source, externalId);
        } else {
          if (step.action === 'link') await ssoIdentitiesService.insert(trx, step.userId, source, externalId);
          await usersService.updateDirectoryFields(trx, step.userId, step.fields);
        }
        await operationLog.record(trx, actor, {
          action: `directory.${step.action}`,
          target: step.action === 'create' ? step.person.username : step.userId,
          after: { source, externalId, ...step.fields },
        });
      });
    } catch (err) {
      // A person linked or an account made meanwhile (a sign-in, the run before a crash): the next run updates it.
      if (isUniqueViolation(err)) return { ...line, action: 'skip', reason: 'usernameTaken' };
      throw err;
    }
    return line;
  }

  /**
   * A leaver's bookings that have not started, as `directoryLeaverBookings` says: cancelled (attendees are told),
   * handed to the administrator named by `directoryHandOverTo` (kept when that is nobody's enabled administrator
   * account), or kept. Answers how many were cancelled and how many handed over.
   */
  private async leaverBookings(runner: Actor, userId: number): Promise<{ cancelled: number; handedOver: number }> {
    const { paramsService, bookingsService, usersService, rolesService, clock, logger } = this.deps;
    const p = await paramsService.getMany(['directoryLeaverBookings', 'directoryHandOverTo']);
    if (p.directoryLeaverBookings === 'handOver') {
      const to = p.directoryHandOverTo ? await usersService.findByUsername(String(p.directoryHandOverTo)) : undefined;
      if (!to || Number(to.status) !== 1 || !(await rolesService.holdsAdmin(to.id))) {
        logger.warn(
          { handOverTo: p.directoryHandOverTo },
          "a leaver's bookings were kept: directoryHandOverTo names no enabled administrator",
        );
        return { cancelled: 0, handedOver: 0 };
      }
      return { cancelled: 0, handedOver: await bookingsService.handOver(userId, to.id, runner.userId) };
    }
    if (p.directoryLeaverBookings !== 'cancel') return { cancelled: 0, handedOver: 0 };
    // The booking lifecycle lets the scheduler only auto-cancel: a leaver's bookings are cancelled as a booking
    // administrator would, by the administrator who started the run, or for a scheduled run by the directory
    // itself (user 0: no account, recorded as cancelled by nobody).
    const actor = runner.via === 'system' ? serviceActor('directory', runner.lang) : runner;
    let n = 0;
    for (const id of await bookingsService.upcomingOf(userId, clock.now())) {
      try {
        await bookingsService.cancel(actor, id, { reason: t('en', 'directory.leaverReason'), scope: 'one' });
        n++;
      } catch (err) {
        logger.warn({ err, bookingId: id }, "a leaver's booking was not cancelled");
      }
    }
    return { cancelled: n, handedOver: 0 };
  }

  /** Takes or renews the run lock; false when another live holder has it. */
  private async lock(): Promise<boolean> {
    const now = this.deps.clock.now();
    const n = await this.deps
      .db('directory_sync')
      .where({ id: 1 })
      .where((w) => w.where('held_until', '<', now).orWhere('holder', this.holder))
      .update({ holder: this.holder, held_until: now + LOCK_MS });
    return n === 1;
  }

  private async unlock(): Promise<void> {
    await this.deps.db('directory_sync').where({ id: 1, holder: this.holder }).update({ holder: null, held_until: 0 });
  }

  private async finish(
    id: number,
    state: RunView['state'],
    counts: Counts,
    report: ReportLine[],
    error: string | null,
  ): Promise<void> {
    await this.deps
      .db('directory_runs')
      .where({ id })
      .update({
        state,
        finished_at: this.deps.clock.now(),
        counts: JSON.stringify(counts),
        report: JSON.stringify(report),
        error: error?.slice(0, 500) ?? null,
      });
  }
}

const isPerson = (u: unknown): u is DirectoryUser =>
  !!u &&
  typeof (u as DirectoryUser).externalId === 'string' &&
  (u as DirectoryUser).externalId !== '' &&
  typeof (u as DirectoryUser).username === 'string' &&
  typeof (u as DirectoryUser).active === 'boolean';

function lineOf(step: Step): ReportLine {
  if (step.action === 'skip' || step.action === 'disable')
    return { action: step.action, externalId: step.externalId, username: step.username, reason: step.reason };
  const username = step.action === 'create' ? step.person.username : step.username;
  return { action: step.action, externalId: step.person.externalId, username, fields: Object.keys(step.fields) };
}

const COUNTED = { create: 'created', link: 'linked', update: 'updated', disable: 'disabled', skip: 'skipped' } as const;

function tally(counts: Counts, report: ReportLine[], step: Step, line = lineOf(step)): void {
  const key = COUNTED[line.action as keyof typeof COUNTED];
  if (key) counts[key]++;
  if (report.length < REPORT_LINES) report.push(line);
}

function viewOf(r: DirectoryRunModel, names: ReadonlyMap<number, string>): RunView {
  return {
    id: r.id,
    provider: r.provider,
    mode: r.mode,
    dryRun: r.dryRun,
    state: r.state,
    startedBy: r.startedBy ?? null,
    startedByName: r.startedBy === null ? null : (names.get(r.startedBy) ?? null),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
    counts: r.counts,
    error: r.error ?? null,
  };
}
