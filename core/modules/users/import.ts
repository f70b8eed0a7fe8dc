/**
 * Bulk import and export of users. Every row is checked like a single create
 * (fields, employee-number pattern, phone, e-mail, roles the importer may
 * give, password policy, duplicates in the file and in the database); rows
 * with errors are reported and skipped, the valid rows are written together in
 * one transaction in batches, so nothing is half-written.
 */
import type { Knex } from 'knex';
import { runTx } from '../../db/transaction.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, ValidationError, type FieldError } from '../../errors.ts';
import { parseWith } from '../../http/validate.ts';
import { t } from '../../i18n/index.ts';
import { userColumns } from './admin.ts';
import { hashEmployeeNoPassword, hashPassword } from './password.ts';
import { giveRoles, rolesByIds, rolesOfUsers } from '../roles/index.ts';
import { filtered, toView } from './queries.ts';
import { UserModel } from './model.ts';
import { loadUserSettings, passwordErrors, userFieldErrors, type UserSettings } from './rules.ts';
import { UserFields, type ExportQuery, type ImportReport, type UserView } from './schema.ts';
import { exportWorkbook, readWorkbook, type RawRow } from './workbook.ts';
import type { Cradle } from '../../cradle.ts';

export type ImportProgress = (phase: 'check' | 'write', done: number, total: number) => void;

/** How a row's initial password is made: none (reset later), the employee number, or the file's password column. */
type InitialPassword = { kind: 'none' } | { kind: 'employeeNo'; value: string } | { kind: 'given'; value: string };

interface ValidRow {
  row: number;
  fields: ReturnType<typeof userColumns>;
  roleIds: number[];
  password: InitialPassword;
}

type RoleInfo = { id: number; createdBy: number | null };

const BATCH = 500;
/** Built once: zod compiles each schema on first use, so a per-row `.omit()` would recompile 10,000 times. */
const RowFields = UserFields.omit({ roleIds: true });
/** Parallel hashes: scrypt runs on libuv's thread pool, so a few at a time keep every core busy. */
const HASH_PARALLEL = 8;

export class UserImportService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      operationLog: Cradle['operationLog'];
      paramsService: Cradle['paramsService'];
      rolesService: Cradle['rolesService'];
      changeLog: Cradle['changeLog'];
    },
  ) {}

  /** Imports an uploaded workbook (checked by its bytes, not its name). */
  async importFile(
    actor: Actor,
    file: { path: string; originalName: string },
    onProgress?: ImportProgress,
  ): Promise<ImportReport> {
    return this.importRows(actor, await readWorkbook(file.path, file.originalName), onProgress);
  }

  async importRows(actor: Actor, rows: RawRow[], onProgress?: ImportProgress): Promise<ImportReport> {
    const { db, rolesService } = this.deps;
    const settings = await loadUserSettings(this.deps.paramsService);
    const roles = new Map(
      (await rolesByIds(db)).map((r) => [r.name.trim().toLowerCase(), { id: r.id, createdBy: r.createdBy }]),
    );
    const isAdmin = await rolesService.isSystemAdmin(actor);
    const taken = await this.existingUsernames(rows.map((r) => r.values.username ?? ''));
    const failed: ImportReport['failed'] = [];
    const valid: ValidRow[] = [];
    const seen = new Map<string, number>();
    rows.forEach((raw, i) => {
      const errors = this.checkRow(actor, raw, settings, roles, isAdmin);
      const key = (raw.values.username ?? '').trim().toLowerCase();
      if (key && seen.has(key))
        errors.push({ field: 'username', message: t(actor.lang, 'users.duplicateInFile', { row: seen.get(key) }) });
      else if (key && taken.has(key))
        errors.push({ field: 'username', message: t(actor.lang, 'users.duplicateUsername') });
      if (key && !seen.has(key)) seen.set(key, raw.row);
      if (errors.length) failed.push(...errors.map((e) => ({ row: raw.row, ...e })));
      else valid.push(this.toValid(raw, settings, roles));
      if (i % 200 === 0) onProgress?.('check', i, rows.length);
    });
    onProgress?.('check', rows.length, rows.length);
    const imported = await this.write(actor, valid, new Set(failed.map((f) => f.row)).size, onProgress);
    return { imported, failed };
  }

  /** The row's errors, with messages in the importer's language. */
  private checkRow(
    actor: Actor,
    raw: RawRow,
    s: UserSettings,
    roles: Map<string, RoleInfo>,
    isAdmin: boolean,
  ): FieldError[] {
    const v = raw.values;
    const errors: FieldError[] = [];
    const status = v.status ? Number(v.status) : 1;
    try {
      const parsed = parseWith(RowFields, { ...this.fieldsOf(v), status }, actor.lang);
      errors.push(...userFieldErrors(parsed, s, actor.lang));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.push(...err.fields);
    }
    const names = splitRoles(v.roles ?? '');
    if (names.length === 0) errors.push({ field: 'roles', message: t(actor.lang, 'users.roleRequired') });
    for (const name of names) {
      const role = roles.get(name.toLowerCase());
      if (!role) errors.push({ field: 'roles', message: t(actor.lang, 'users.unknownRole', { role: name }) });
      else if (!isAdmin && role.createdBy !== actor.userId)
        errors.push({ field: 'roles', message: t(actor.lang, 'users.roleNotYours') });
    }
    if (v.password) errors.push(...passwordErrors(v.password, s, actor.lang));
    return errors;
  }

  private fieldsOf(v: Record<string, string>) {
    const opt = (s: string | undefined) => (s ? s : null);
    return {
      username: v.username ?? '',
      realName: v.realName ?? '',
      employeeNo: v.employeeNo ?? '',
      phone: opt(v.phone),
      email: opt(v.email),
      cardNo: opt(v.cardNo),
      department: opt(v.department),
      workplace: opt(v.workplace),
      position: opt(v.position),
      corpSection: opt(v.corpSection),
      costCenter: opt(v.costCenter),
      ipAddress: opt(v.ipAddress),
    };
  }

  private toValid(raw: RawRow, s: UserSettings, roles: Map<string, RoleInfo>): ValidRow {
    const v = raw.values;
    const f = this.fieldsOf(v);
    const fields = userColumns({
      ...f,
      status: v.status === '0' ? 0 : 1,
      restricted: false,
      enableAt: null,
      restrictAt: null,
      roleIds: [],
    });
    const roleIds = [...new Set(splitRoles(v.roles ?? '').map((n) => roles.get(n.toLowerCase())!.id))];
    // Without a password and without usernoAsPass the account has no local password until an administrator resets it.
    const password: InitialPassword = v.password
      ? { kind: 'given', value: v.password }
      : s.usernoAsPass
        ? { kind: 'employeeNo', value: f.employeeNo }
        : { kind: 'none' };
    return { row: raw.row, fields, roleIds, password };
  }

  /** Usernames of the file that already exist (lower-cased; MySQL compares them without case). */
  private async existingUsernames(names: string[]): Promise<Set<string>> {
    const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    const taken = new Set<string>();
    for (let i = 0; i < unique.length; i += BATCH) {
      const rows = (await this.deps
        .db('users')
        .whereIn('username', unique.slice(i, i + BATCH))
        .select('username')) as Array<{ username: string }>;
      for (const r of rows) taken.add(r.username.toLowerCase());
    }
    return taken;
  }

  private async write(
    actor: Actor,
    valid: ValidRow[],
    refusedRows: number,
    onProgress?: ImportProgress,
  ): Promise<number> {
    const hashes = await hashAll(valid.map((r) => r.password));
    const { db, clock, operationLog, changeLog } = this.deps;
    const now = clock.now();
    try {
      await runTx(db, async (trx) => {
        for (let i = 0; i < valid.length; i += BATCH) {
          const batch = valid.slice(i, i + BATCH);
          await trx('users').insert(
            batch.map((r, j) => ({
              ...r.fields,
              password_hash: hashes[i + j],
              must_change_password: true,
              password_changed_at: now,
              created_by: actor.userId || null,
              created_at: now,
              updated_at: now,
            })),
          );
          // Ids are read back by username: batch inserts report ids differently on SQLite and MySQL.
          const ids = new Map(
            (
              await UserModel.query(trx)
                .whereIn(
                  'username',
                  batch.map((r) => r.fields.username),
                )
                .select('id', 'username')
            ).map((u) => [u.username.toLowerCase(), u.id]),
          );
          await giveRoles(
            trx,
            batch.flatMap((r) =>
              r.roleIds.map((roleId) => ({ userId: ids.get(r.fields.username.toLowerCase())!, roleId })),
            ),
          );
          await changeLog.record(
            trx,
            [...ids.values()].map((userId) => ({ name: 'user.created' as const, payload: { userId } })),
          );
          onProgress?.('write', Math.min(i + BATCH, valid.length), valid.length);
        }
        await operationLog.record(trx, actor, {
          action: 'sys.user.import',
          after: { imported: valid.length, refusedRows, usernames: valid.slice(0, 50).map((r) => r.fields.username) },
        });
      });
    } catch (err) {
      // Someone created one of these usernames meanwhile: the whole write is undone.
      if (isUniqueViolation(err)) throw new ConflictError('users.duplicateUsername');
      throw err;
    }
    onProgress?.('write', valid.length, valid.length);
    return valid.length;
  }

  /** The users matching the list filters as an xlsx workbook. */
  async exportFile(
    actor: Actor,
    query: ExportQuery,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Buffer> {
    const { db } = this.deps;
    const total = await filtered(db, query).resultSize();
    async function* chunks(): AsyncIterable<UserView[]> {
      let lastId = 0;
      for (;;) {
        const users = await filtered(db, query).where('id', '>', lastId).orderBy('id').limit(BATCH);
        if (users.length === 0) return;
        lastId = users[users.length - 1]!.id;
        const roles = await rolesOfUsers(
          db,
          users.map((u) => u.id),
        );
        yield users.map((u) => toView(u, roles.get(u.id) ?? []));
      }
    }
    return exportWorkbook(chunks(), actor.lang, (n) => onProgress?.(n, total));
  }
}

export function splitRoles(text: string): string[] {
  return text
    .split(/[,;，；、\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The rows' password hashes. Employee numbers get the nominal-cost hash (see
 * password.ts). Passwords typed into the file get the full cost, once per
 * distinct value: a bulk file usually gives everyone the same first password,
 * and rows that share the secret may share its hash.
 */
async function hashAll(passwords: InitialPassword[]): Promise<Array<string | null>> {
  const given = new Map<string, Promise<string>>();
  const out: Array<string | null> = new Array(passwords.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      const p = passwords[i]!;
      if (p.kind === 'employeeNo') out[i] = await hashEmployeeNoPassword(p.value);
      else if (p.kind === 'given') {
        if (!given.has(p.value)) given.set(p.value, hashPassword(p.value));
        out[i] = await given.get(p.value)!;
      }
    }
  };
  await Promise.all(Array.from({ length: HASH_PARALLEL }, worker));
  return out;
}
