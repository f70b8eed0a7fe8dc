/**
 * Domain-account sign-in against an LDAP directory (ldapts): bind as the
 * service account, find the one entry that matches the filter template,
 * then bind as that entry with the user's password. The username only ever
 * enters the filter escaped (RFC 4515), so `*)(uid=*` is a literal name.
 * Any failure — unknown user, wrong password, directory down — reads the
 * same to the caller (auth.ldapFailed); the reason goes to the log.
 */
import { Client, type Entry } from 'ldapts';
import type { Logger } from 'pino';
import type { UserRow } from '../users/index.ts';
import type { ProvisioningService } from './provisioning.ts';
import type { LdapSettings } from './schema.ts';
import type { SsoSettingsService } from './settings.ts';

/** RFC 4515 §3: `*`, `(`, `)`, `\` and NUL become `\XX`; everything else is literal. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Fills every `{username}` of the template with the escaped username. */
export function buildUserFilter(template: string, username: string): string {
  return template.split('{username}').join(escapeFilterValue(username));
}

export class LdapService {
  constructor(
    private readonly deps: {
      logger: Logger;
      ssoSettingsService: SsoSettingsService;
      ssoProvisioningService: ProvisioningService;
    },
  ) {}

  /** The AuthService.directory hook: the Atrium user, or null when the directory says no. */
  async authenticate(username: string, password: string): Promise<UserRow | null> {
    const settings = await this.deps.ssoSettingsService.enabled('ldap');
    if (!settings) return null;
    // An empty password would be an "unauthenticated bind", which directories accept (RFC 4513 §5.1.2).
    if (!username || !password) return null;
    const entry = await this.verify(settings, username, password);
    if (!entry) return null;
    const externalId = text(entry[settings.externalIdAttribute]) ?? entry.dn;
    return this.deps.ssoProvisioningService.resolve(
      { source: 'ldap', externalId, attributes: { ...entry }, fallbackUsername: username },
      { autoCreate: settings.autoCreate, matchByUsername: settings.matchByUsername, userMap: settings.userMap },
    );
  }

  /** The directory entry of `username` if the password is right; null otherwise (reason logged). */
  private async verify(settings: LdapSettings, username: string, password: string): Promise<Entry | null> {
    const log = this.deps.logger.child({ ldap: settings.url });
    const options = { url: settings.url, timeout: settings.timeoutMs, connectTimeout: settings.timeoutMs };
    const service = new Client(options);
    let entry: Entry;
    try {
      if (settings.bindDn) await service.bind(settings.bindDn, settings.bindPassword ?? '');
      const attributes = [
        ...new Set([
          ...Object.values(settings.userMap).filter((a): a is string => Boolean(a)),
          settings.externalIdAttribute,
          // The groups, for the directory's group mapping (R21.6); absent on servers without the memberOf overlay.
          'memberOf',
        ]),
      ];
      const { searchEntries } = await service.search(settings.searchBase, {
        scope: 'sub',
        filter: buildUserFilter(settings.userFilter, username),
        attributes,
        sizeLimit: 2,
        timeLimit: Math.ceil(settings.timeoutMs / 1000),
      });
      if (searchEntries.length !== 1) {
        log.info(
          { matches: searchEntries.length },
          'LDAP sign-in refused: the filter does not match exactly one entry',
        );
        return null;
      }
      entry = searchEntries[0]!;
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'LDAP search failed');
      return null;
    } finally {
      await service.unbind().catch(() => undefined);
    }
    // A second connection binds as the user, so the service connection's rights are never mixed with theirs.
    const asUser = new Client(options);
    try {
      await asUser.bind(entry.dn, password);
      return entry;
    } catch (err) {
      log.info({ err: (err as Error).message }, 'LDAP sign-in refused: bind as the user failed');
      return null;
    } finally {
      await asUser.unbind().catch(() => undefined);
    }
  }
}

function text(value: Entry[string] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const s = Buffer.isBuffer(v) ? v.toString('utf8') : v;
  return s || undefined;
}
