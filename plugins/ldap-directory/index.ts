/**
 * Directory sync from LDAP (OpenLDAP, 389 Directory Server, Active Directory): the people under `searchBase` that
 * match `filter`, read with the Simple Paged Results control (RFC 2696) so a directory of any size answers, their
 * attributes mapped by the settings (the apps settings' userMap), their department path the `ou` parts of their DN
 * below the search base (`rootDepartment` names the top), their groups the `memberOf` values (DNs).
 *
 * A full run lists everyone: whoever it no longer lists has left (docs/product-rules.md R21.3). An incremental run
 * asks for the entries changed since the last run (`modifyTimestamp>=`, RFC 4512's operational attribute, which
 * every LDAP server keeps); people removed from the directory are found by the nightly full run. Accounts are
 * linked under the identity source `ldap`, the same as LDAP sign-in, by `externalIdAttribute` (entryUUID, RFC 4530;
 * objectGUID on Active Directory).
 */
import { Client, type Entry } from 'ldapts';
import { definePlugin, z, type DirectoryUser } from '../../core/plugin-sdk/index.ts';

const attr = (def: string, what: string) => z.string().trim().max(100).default(def).describe(what);

export const Settings = z.object({
  url: z.url({ protocol: /^ldaps?$/ }).describe('ldap://host:389 or ldaps://host:636'),
  bindDn: z.string().trim().max(500).default('').describe('DN to read the directory as (empty: anonymous)'),
  bindPassword: z.string().max(500).default('').describe('its password'),
  searchBase: z.string().trim().min(1).max(500).describe('where the people are, e.g. ou=people,dc=example,dc=org'),
  filter: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .default('(objectClass=inetOrgPerson)')
    .describe('which entries are people'),
  rootDepartment: z.string().trim().max(100).default('').describe('name of the top of the department tree'),
  externalIdAttribute: attr('entryUUID', 'stable id of a person (objectGUID on Active Directory)'),
  usernameAttribute: attr('uid', 'username (sAMAccountName on Active Directory)'),
  realNameAttribute: attr('cn', 'full name'),
  emailAttribute: attr('mail', 'e-mail'),
  phoneAttribute: attr('telephoneNumber', 'phone'),
  employeeNoAttribute: attr('employeeNumber', 'employee number'),
  cardNoAttribute: attr('', 'card number (empty: not synced)'),
  groupsAttribute: attr('memberOf', 'groups of a person (empty: none)'),
  pageSize: z.coerce.number().int().min(10).max(5000).default(500),
  timeoutMs: z.coerce.number().int().min(500).max(60_000).default(10_000),
});
type Settings = z.infer<typeof Settings>;

function values(entry: Entry, name: string): string[] {
  if (!name) return [];
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key === undefined ? undefined : entry[key];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x))).filter(Boolean);
}

const first = (entry: Entry, name: string): string | undefined => values(entry, name)[0];

/** `20270301120000Z` (LDAP GeneralizedTime) for epoch ms. */
export function generalizedTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** RFC 4515 escaping of a value put into a filter. */
const escape = (s: string) => s.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The `ou` parts of a DN between the entry and the search base, top first. */
export function departmentPath(dn: string, base: string, root: string): string[] {
  const below = dn.toLowerCase().endsWith(base.toLowerCase()) ? dn.slice(0, dn.length - base.length) : dn;
  const ous = below
    .split(/(?<!\\),/)
    .map((rdn) => rdn.trim())
    .filter((rdn) => /^ou=/i.test(rdn))
    .map((rdn) => rdn.slice(3).replace(/\\(.)/g, '$1'))
    .reverse();
  return root ? [root, ...ous] : ous;
}

export function toPerson(entry: Entry, s: Settings): DirectoryUser | null {
  const externalId = first(entry, s.externalIdAttribute) ?? entry.dn;
  const username = first(entry, s.usernameAttribute);
  if (!username) return null;
  const path = departmentPath(entry.dn, s.searchBase, s.rootDepartment);
  return {
    externalId,
    username,
    realName: first(entry, s.realNameAttribute) ?? username,
    email: first(entry, s.emailAttribute) ?? null,
    phone: first(entry, s.phoneAttribute) ?? null,
    employeeNo: first(entry, s.employeeNoAttribute) ?? null,
    ...(s.cardNoAttribute ? { cardNo: first(entry, s.cardNoAttribute) ?? null } : {}),
    departmentPath: path,
    department: path.at(-1) ?? null,
    // No groups attribute configured: the directory tells nothing of groups, and the mapping leaves people alone.
    ...(s.groupsAttribute ? { groups: values(entry, s.groupsAttribute) } : {}),
    active: true,
  };
}

export default definePlugin({
  id: 'ldap-directory',
  kind: 'apps',
  names: { cn: 'LDAP 目录同步', en: 'LDAP (directory sync)', ja: 'LDAP（ディレクトリ同期）' },
  settings: Settings,
  secrets: ['bindPassword'],
  endpoints: ['url'],
  timeoutMs: 120_000,
  create(ctx) {
    const s = ctx.settings;
    const connect = async () => {
      const client = new Client({ url: s.url, timeout: s.timeoutMs, connectTimeout: s.timeoutMs });
      if (s.bindDn) await client.bind(s.bindDn, s.bindPassword);
      return client;
    };
    const attributes = [
      ...new Set(
        [
          s.externalIdAttribute,
          s.usernameAttribute,
          s.realNameAttribute,
          s.emailAttribute,
          s.phoneAttribute,
          s.employeeNoAttribute,
          s.cardNoAttribute,
          s.groupsAttribute,
        ].filter(Boolean),
      ),
    ];
    return {
      async listUsers({ since }) {
        const client = await connect();
        try {
          const filter =
            since === undefined ? s.filter : `(&${s.filter}(modifyTimestamp>=${escape(generalizedTime(since))}))`;
          const { searchEntries } = await client.search(s.searchBase, {
            scope: 'sub',
            filter,
            attributes,
            paged: { pageSize: s.pageSize },
            timeLimit: Math.ceil(s.timeoutMs / 1000),
          });
          return { users: searchEntries.map((e) => toPerson(e, s)).filter((p): p is DirectoryUser => p !== null) };
        } finally {
          await client.unbind().catch(() => undefined);
        }
      },
      async health() {
        const client = await connect();
        try {
          await client.search(s.searchBase, { scope: 'base', filter: '(objectClass=*)', attributes: ['dn'] });
          return { ok: true, detail: `${new URL(s.url).host}: ${s.searchBase} readable` };
        } finally {
          await client.unbind().catch(() => undefined);
        }
      },
    };
  },
});
