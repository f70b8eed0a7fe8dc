/**
 * Users as the notifications reach them (docs/conventions.md, "Table ownership"): the enabled accounts a
 * message goes to, which usernames exist, and the local passwords about to expire.
 */
import type { Db } from '../../db/transaction.ts';

export interface Addressee {
  id: number;
  username: string;
  realName: string;
  email: string | null;
  lang: string | null;
  externalId: string | null;
}

/** The enabled users among `ids`, with what a message to them needs. */
export async function enabledUsersById(db: Db, ids: readonly number[]): Promise<Addressee[]> {
  if (ids.length === 0) return [];
  const rows = (await db('users')
    .whereIn('id', [...new Set(ids)])
    .where('status', 1)
    .select('id', 'username', 'real_name', 'email', 'lang', 'external_id')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    id: Number(r.id),
    username: String(r.username),
    realName: String(r.real_name ?? ''),
    email: (r.email as string | null) ?? null,
    lang: r.lang ? String(r.lang) : null,
    externalId: (r.external_id as string | null) ?? null,
  }));
}

/** Which of `names` are usernames. */
export async function existingUsernames(db: Db, names: readonly string[]): Promise<Set<string>> {
  return new Set((await db('users').whereIn('username', names).pluck('username')).map(String));
}

/** A user's username, or undefined. */
export async function usernameOf(db: Db, id: number): Promise<string | undefined> {
  const row = (await db('users').where({ id }).first('username')) as { username: string } | undefined;
  return row && String(row.username);
}

/**
 * Enabled local accounts whose password was last changed in (`after`, `notAfter`] and need no first change:
 * the ones the password-expiry notice is for.
 */
export async function localPasswordsChanged(
  db: Db,
  after: number,
  notAfter: number,
): Promise<Array<{ id: number; passwordChangedAt: number }>> {
  const rows = (await db('users')
    .where({ status: 1, source: 'local' })
    .whereNotNull('password_changed_at')
    .where('password_changed_at', '>', after)
    .where('password_changed_at', '<=', notAfter)
    .whereNot('must_change_password', true)
    .select('id', 'password_changed_at')) as Array<{ id: number; password_changed_at: number }>;
  return rows.map((r) => ({ id: Number(r.id), passwordChangedAt: Number(r.password_changed_at) }));
}

/** Keeps the hash of a user's private calendar feed token (a new one retires the old URL). */
export async function setFeedTokenHash(db: Db, userId: number, tokenHash: string, now: number): Promise<void> {
  await db('users').where({ id: userId }).update({ feed_token_hash: tokenHash, updated_at: now });
}

/** The enabled user whose feed token has this hash, or undefined. */
export async function userByFeedTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; username: string } | undefined> {
  const row = (await db('users').where({ feed_token_hash: tokenHash, status: 1 }).first('id', 'username')) as
    { id: number; username: string } | undefined;
  return row && { id: Number(row.id), username: String(row.username) };
}

/** A user's employee number, or undefined when there is no such user. */
export async function employeeNoOf(db: Db, userId: number): Promise<string | undefined> {
  const row = (await db('users').where({ id: userId }).first('employee_no')) as { employee_no: string } | undefined;
  return row?.employee_no;
}
