/**
 * Short-lived state of redirect sign-ins (OIDC state, SAML relay and request
 * ids) in the sso_states table, so the process that answers the callback need
 * not be the one that started the flow. `take` is single use.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock.ts';
import { SsoStateModel } from './model.ts';

export const FLOW_TTL_MS = 10 * 60_000;

export async function putState(
  db: Knex,
  clock: Clock,
  state: string,
  method: string,
  data: unknown,
  ttlMs = FLOW_TTL_MS,
): Promise<void> {
  await db('sso_states').insert({ state, method, data: JSON.stringify(data ?? {}), expires_at: clock.now() + ttlMs });
}

/** Reads and deletes a state; undefined when unknown, of another method, already taken or expired. */
export async function takeState<T>(db: Knex, clock: Clock, state: string, method: string): Promise<T | undefined> {
  return db.transaction(async (trx) => {
    const row = await SsoStateModel.query(trx).findOne({ state, method });
    if (!row) return undefined;
    const deleted = await trx('sso_states').where({ state, method }).del();
    if (deleted !== 1 || row.expiresAt <= clock.now()) return undefined;
    return row.data as T;
  });
}

/** Reads a state without using it up. */
export async function peekState<T>(db: Knex, clock: Clock, state: string, method: string): Promise<T | undefined> {
  const row = await SsoStateModel.query(db).findOne({ state, method }).where('expires_at', '>', clock.now());
  return row?.data as T | undefined;
}

export async function sweepStates(db: Knex, clock: Clock): Promise<number> {
  return db('sso_states').where('expires_at', '<=', clock.now()).del();
}
