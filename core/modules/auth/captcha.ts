/**
 * CAPTCHA images bound to a client uuid: five characters, single use, short-lived.
 * Kept in the database so any process can check what another one drew.
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';
import { CAPTCHA_ALPHABET } from './captcha-font.ts';
import { captchaPng } from './captcha-image.ts';
import { CaptchaModel } from './model.ts';

export const CAPTCHA_LENGTH = 5;

export class CaptchaService {
  constructor(private readonly deps: { db: Knex; clock: Clock; config: Config }) {}

  /** Draws a new CAPTCHA for `uuid`, replacing any earlier one. Returns the PNG. */
  async issue(uuid: string): Promise<Buffer> {
    const { db, clock, config } = this.deps;
    const text = Array.from(
      { length: CAPTCHA_LENGTH },
      () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
    ).join('');
    const expiresAt = clock.now() + config.captchaTtlSeconds * 1000;
    await db.transaction(async (trx) => {
      await trx('captchas').where({ uuid }).del();
      await trx('captchas').insert({ uuid, text, expires_at: expiresAt });
    });
    // Expired CAPTCHAs of everyone are swept here rather than by a job: issuing is the only growth.
    await db('captchas').where('expires_at', '<', clock.now()).del();
    return captchaPng(text);
  }

  /** Checks and deletes the CAPTCHA of `uuid`: it is gone whatever the answer. Case-insensitive. */
  async consume(uuid: string, answer: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const captcha = await CaptchaModel.query(db).findById(uuid);
    if (!captcha) return false;
    const deleted = await db('captchas').where({ uuid }).del();
    // Two requests racing with one CAPTCHA: only the one that deleted the row may use it.
    if (deleted === 0) return false;
    return captcha.expiresAt >= clock.now() && captcha.text.toLowerCase() === answer.trim().toLowerCase();
  }
}
