/**
 * The settings of each sign-in method, one `integration_settings` row per
 * method (kind ldap | oidc | saml, provider builtin). Secret fields are sealed
 * with the secret box before they reach the database and are answered as
 * `{ set: true }`, never in clear. Saving is the system administrator's,
 * confirmed in person (see trust-guard.ts); a stored secret is carried over
 * only while the fields that say where it goes stay the same.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { changedEndpoints } from '../../plugin-host/index.ts';
import { SecretBox } from '../../secret-box.ts';
import type { TrustGuard } from './trust-guard.ts';
import {
  ENDPOINT_FIELDS,
  SECRET_FIELDS,
  SETTINGS_INPUT,
  SSO_METHODS,
  type SecretInput,
  type SettingsOf,
  type SsoMethod,
} from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export const PROVIDER = 'builtin';

type Stored = Record<string, unknown>;

export interface SsoSettingsDeps {
  db: Knex;
  secretBox: SecretBox;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  ssoTrustGuard: TrustGuard;
  pluginHost: Cradle['pluginHost'];
}

export class SsoSettingsService {
  constructor(private readonly deps: SsoSettingsDeps) {}

  /** The plugin host's settings store keeps the table (one row per kind); the sealing is this service's. */
  private get store() {
    return this.deps.pluginHost.store;
  }

  private async row(method: SsoMethod): Promise<{ settings: Stored; updatedAt: number } | undefined> {
    const row = (await this.store.rows([method], PROVIDER)).get(method);
    return row && { settings: row.raw, updatedAt: row.updatedAt };
  }

  /** The settings with secrets decrypted, for the sign-in services; undefined until saved once. */
  async get<M extends SsoMethod>(method: M): Promise<(SettingsOf[M] & { updatedAt: number }) | undefined> {
    const row = await this.row(method);
    if (!row) return undefined;
    // Defaults underneath, so a field added in a later version has its default in rows saved before it.
    const out: Stored = { ...defaults(method), ...row.settings };
    for (const field of SECRET_FIELDS[method]) {
      const v = out[field];
      out[field] = SecretBox.isSealed(v) ? this.deps.secretBox.decrypt(v) : undefined;
    }
    return { ...(out as unknown as SettingsOf[M]), updatedAt: row.updatedAt };
  }

  /** The settings enabled, or undefined: the sign-in services refuse in that case. */
  async enabled<M extends SsoMethod>(method: M): Promise<(SettingsOf[M] & { updatedAt: number }) | undefined> {
    const s = await this.get(method);
    return s?.enabled ? s : undefined;
  }

  /** What an administrator sees: secrets only as whether they are set. */
  async view(method: SsoMethod): Promise<Stored> {
    const row = await this.row(method);
    const out: Stored = { ...defaults(method), ...row?.settings };
    for (const field of SECRET_FIELDS[method]) out[field] = { set: SecretBox.isSealed(out[field]) };
    return out;
  }

  /**
   * Replaces the settings (validated by the route); secrets kept, replaced or removed as sent. The system
   * administrator only, with `confirmation` (the RSA-encrypted current password) unless they signed in
   * through single sign-on minutes ago.
   */
  async save(actor: Actor, method: SsoMethod, input: Stored, confirmation?: string): Promise<Stored> {
    const { db, secretBox, operationLog, ssoTrustGuard } = this.deps;
    await ssoTrustGuard.assertAdmin(actor);
    const before = await this.row(method);
    const moved = before
      ? changedEndpoints(ENDPOINT_FIELDS[method], { ...defaults(method), ...before.settings }, input)
      : [];
    const next: Stored = { ...input };
    const retype = [];
    for (const field of SECRET_FIELDS[method]) {
      const sent = input[field] as SecretInput;
      if (typeof sent === 'string' && sent !== '') next[field] = secretBox.encrypt(sent);
      else if (sent === null || sent === '') delete next[field];
      else if (before?.settings[field] === undefined) delete next[field];
      else if (moved.length === 0) next[field] = before.settings[field];
      else retype.push({ field, message: t(actor.lang, 'sso.secretRetype', { fields: moved.join(', ') }) });
    }
    if (retype.length) throw new ValidationError(retype, 'sso.secretRetype', { fields: moved.join(', ') });
    await ssoTrustGuard.confirm(actor, confirmation);
    await db.transaction(async (trx) => {
      await this.store.put(trx, method, PROVIDER, next, actor.userId);
      await operationLog.record(trx, actor, {
        action: `sys.sso.${method}.save`,
        target: method,
        before: before && masked(method, before.settings),
        after: masked(method, next),
      });
    });
    return this.view(method);
  }

  /** The methods the login page offers buttons for, in the caller's language. */
  async methods(lang: Actor['lang']): Promise<{
    localLoginEnabled: boolean;
    items: Array<{ method: SsoMethod; name: string; loginType?: string; startPath?: string }>;
  }> {
    const byKind = await this.store.rows(SSO_METHODS, PROVIDER);
    const items = [];
    for (const method of SSO_METHODS) {
      const s = byKind.get(method)?.raw;
      if (!s?.enabled) continue;
      const name = typeof s.displayName === 'string' && s.displayName ? s.displayName : t(lang, `sso.name.${method}`);
      // LDAP signs in through the login form (loginType ldap); the others start a redirect.
      items.push(
        method === 'ldap' ? { method, name, loginType: 'ldap' } : { method, name, startPath: `/auth/${method}/start` },
      );
    }
    return { localLoginEnabled: Boolean(await this.deps.paramsService.get<boolean>('localLoginEnabled')), items };
  }
}

function defaults(method: SsoMethod): Stored {
  return SETTINGS_INPUT[method].partial().parse({});
}

function masked(method: SsoMethod, settings: Stored): Stored {
  const out = { ...settings };
  for (const field of SECRET_FIELDS[method]) out[field] = { set: SecretBox.isSealed(out[field]) };
  return out;
}
