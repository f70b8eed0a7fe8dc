/**
 * Password hashing with scrypt (memory-hard, in Node's standard library).
 * Stored as `scrypt$N$r$p$salt$hash`, so the cost can rise later without
 * breaking existing hashes.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const COST = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { ...COST, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(expected, actual);
}

/** A random password that meets any policy the settings allow (digits, lower, upper, special). */
export function randomPassword(length = 16): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#%^*-_+='];
  const all = sets.join('');
  const bytes = randomBytes(length);
  const chars = sets.map((s, i) => s[bytes[i]! % s.length]!);
  for (let i = sets.length; i < length; i++) chars.push(all[bytes[i]! % all.length]!);
  const order = randomBytes(length);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = order[i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * The hash of an employee number used as the initial password (usernoAsPass,
 * bulk import). The employee number is stored in clear in the same row, so a
 * slow hash would protect nothing here and would only make a 10,000-row import
 * take minutes; the scrypt cost is therefore nominal. The account must change
 * the password at first sign-in, where it gets a full-cost hash. verifyPassword
 * reads the cost from the stored hash, so both kinds verify alike.
 */
const EMPLOYEE_NO_COST = { N: 64, r: 8, p: 1 };

export async function hashEmployeeNoPassword(employeeNo: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(employeeNo, salt, 32, { ...EMPLOYEE_NO_COST, maxmem: 64 * 1024 * 1024 });
  return [
    'scrypt',
    EMPLOYEE_NO_COST.N,
    EMPLOYEE_NO_COST.r,
    EMPLOYEE_NO_COST.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}
