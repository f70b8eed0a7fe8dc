/**
 * Values made once and shared by every Atrium process on the database: the
 * sign-in RSA key pair and the access-token signing key. Stored encrypted;
 * when two processes start together the first insert wins and the other reads it.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SecretBox } from '../../secret-box.ts';
import { SystemSecretModel } from './model.ts';

export class SystemSecrets {
  private readonly cache = new Map<string, string>();

  constructor(private readonly deps: { db: Knex; clock: Clock; secretBox: SecretBox }) {}

  async getOrCreate(name: string, make: () => string): Promise<string> {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const { db, secretBox, clock } = this.deps;
    const stored = () => SystemSecretModel.query(db).findById(name).select('value');
    let secret = await stored();
    if (!secret) {
      try {
        await db('system_secrets').insert({ name, value: secretBox.encrypt(make()), created_at: clock.now() });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      secret = (await stored())!;
    }
    const value = secretBox.decrypt(secret.value);
    this.cache.set(name, value);
    return value;
  }
}
