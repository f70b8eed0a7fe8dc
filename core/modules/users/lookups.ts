/**
 * Users as the notifications reach them (docs/conventions.md, "Table ownership"): the enabled accounts a
 * message goes to, which usernames exist, and the local passwords about to expire.
 */
import type { Db } from '../../db/transaction.ts';
import { raw } from 'objection';
import { UserModel } from './model.ts';

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
  const users = await UserModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .where('status', 1)
    .select('id', 'username', 'real_name', 'email', 'lang', 'external_id');
  return users.map((u) => ({
    id: u.id,
    username: u.username,
    realName: u.realName ?? '',
    email: u.email ?? null,
    lang: u.lang || null,
    externalId: u.externalId ?? null,
  }));
}

/** The enabled users among `ids` who carry a card number (door access is granted to cards). */
export async function cardHolders(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; username: string; cardNo: string }>> {
  if (ids.length === 0) return [];
  const users = await UserModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .where('status', 1)
    .whereNotNull('card_no')
    .whereNot('card_no', '')
    .orderBy('id')
    .select('id', 'username', 'card_no');
  return users.map((u) => ({ id: u.id, username: u.username, cardNo: u.cardNo! }));
}

/** Which of `names` are usernames. */
export async function existingUsernames(db: Db, names: readonly string[]): Promise<Set<string>> {
  return new Set((await UserModel.query(db).whereIn('username', names).select('username')).map((u) => u.username));
}

/** A user's username, or undefined. */
export async function usernameOf(db: Db, id: number): Promise<string | undefined> {
  return (await UserModel.query(db).findById(id).select('username'))?.username;
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
  const users = await UserModel.query(db)
    .where({ status: 1, source: 'local' })
    .whereNotNull('password_changed_at')
    .where('password_changed_at', '>', after)
    .where('password_changed_at', '<=', notAfter)
    .whereNot('must_change_password', true)
    .select('id', 'password_changed_at');
  return users.map((u) => ({ id: u.id, passwordChangedAt: u.passwordChangedAt! }));
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
  const user = await UserModel.query(db).findOne({ feed_token_hash: tokenHash, status: 1 }).select('id', 'username');
  return user && { id: user.id, username: user.username };
}

/** A user's employee number, or undefined when there is no such user. */
export async function employeeNoOf(db: Db, userId: number): Promise<string | undefined> {
  return (await UserModel.query(db).findById(userId).select('employee_no'))?.employeeNo;
}

/** The username of the enabled account holding this card number (a card read at a door), or undefined. */
export async function usernameByCardNo(db: Db, cardNo: string): Promise<string | undefined> {
  return (await UserModel.query(db).where({ card_no: cardNo, status: 1 }).first().select('username'))?.username;
}

/**
 * The accounts whose employee number, or e-mail (any case), is `value`: how a directory sign-in finds the account
 * of a person not linked yet when it matches by one of them (the caller takes only a single match).
 */
export async function usersMatching(db: Db, field: 'employeeNo' | 'email', value: string): Promise<UserModel[]> {
  const q = UserModel.query(db).limit(2);
  if (field === 'employeeNo') q.where('employee_no', value);
  else q.whereRaw('LOWER(email) = ?', [value.toLowerCase()]);
  return q;
}

/** An account as a directory sync compares it with the directory's person. */
export interface DirectoryAccount {
  id: number;
  username: string;
  status: number;
  realName: string;
  email: string | null;
  phone: string | null;
  department: string | null;
  cardNo: string | null;
  employeeNo: string;
  externalId: string | null;
  departmentPath: string | null;
}

const DIRECTORY_COLUMNS = {
  id: 'id',
  username: 'username',
  email: 'email',
  employeeNo: 'employee_no',
} as const;

/**
 * Accounts by id, or by username, e-mail (give it in lower case) or employee number (the directory's matching
 * field), in chunks.
 */
export async function directoryAccounts(
  db: Db,
  by: keyof typeof DIRECTORY_COLUMNS,
  values: ReadonlyArray<string | number>,
): Promise<DirectoryAccount[]> {
  const out: DirectoryAccount[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += 1000) {
    const users = await UserModel.query(db)
      // E-mail addresses match without regard to case (the directory's and the account's may differ).
      .whereIn(by === 'email' ? raw('lower(??)', ['email']) : DIRECTORY_COLUMNS[by], unique.slice(i, i + 1000))
      .select(
        'id',
        'username',
        'status',
        'real_name',
        'email',
        'phone',
        'department',
        'card_no',
        'employee_no',
        'external_id',
        'department_path',
      );
    for (const u of users)
      out.push({
        id: u.id,
        username: u.username,
        status: Number(u.status),
        realName: u.realName ?? '',
        email: u.email ?? null,
        phone: u.phone ?? null,
        department: u.department ?? null,
        cardNo: u.cardNo ?? null,
        employeeNo: u.employeeNo ?? '',
        externalId: u.externalId ?? null,
        departmentPath: u.departmentPath ?? null,
      });
  }
  return out;
}

/** Usernames by id (an id with no account is absent). */
export async function usernamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await UserModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'username');
  return new Map(rows.map((u) => [u.id, u.username]));
}
