/**
 * CAPTCHA images bound to a client uuid: five characters, single use, short-lived.
 * Kept in the database so any process can check what another one drew.
 */
import type { Knex } from 'knex';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';

// No look-alikes (0/O, 1/l/I), so people can read what they type.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export class CaptchaService {
  constructor(private readonly deps: { db: Knex; clock: Clock; config: Config }) {}

  /** Draws a new CAPTCHA for `uuid`, replacing any earlier one. Returns the SVG. */
  async issue(uuid: string): Promise<string> {
    const { db, clock, config } = this.deps;
    const image = svgCaptcha.create({
      size: 5,
      charPreset: ALPHABET,
      noise: 3,
      color: true,
      background: '#f4f6f8',
      width: 150,
      height: 50,
    });
    const expiresAt = clock.now() + config.captchaTtlSeconds * 1000;
    await db.transaction(async (trx) => {
      await trx('captchas').where({ uuid }).del();
      await trx('captchas').insert({ uuid, text: image.text, expires_at: expiresAt });
    });
    // Expired CAPTCHAs of everyone are swept here rather than by a job: issuing is the only growth.
    await db('captchas').where('expires_at', '<', clock.now()).del();
    return image.data;
  }

  /** Checks and deletes the CAPTCHA of `uuid`: it is gone whatever the answer. Case-insensitive. */
  async consume(uuid: string, answer: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const row = await db('captchas').where({ uuid }).first('text', 'expires_at');
    if (!row) return false;
    const deleted = await db('captchas').where({ uuid }).del();
    // Two requests racing with one CAPTCHA: only the one that deleted the row may use it.
    if (deleted === 0) return false;
    return Number(row.expires_at) >= clock.now() && String(row.text).toLowerCase() === answer.trim().toLowerCase();
  }
}
