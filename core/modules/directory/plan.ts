/**
 * What a directory sync does, worked out before anything changes (docs/product-rules.md R21.2): from the people the
 * provider listed and the accounts as they are, one step per person (create, link, update, disable, skip with the
 * reason) and, on a full run, a disabling for every linked account the directory no longer lists. Pure: the dry run
 * shows exactly this, the mass-disable guard counts it, and the run applies it.
 */
import type { DirectoryUser } from '../../plugin-sdk/index.ts';
import { departmentPathText, type DirectoryAccount, type DirectoryFields } from '../users/index.ts';
import type { RunMode } from './schema.ts';

export type MatchBy = 'none' | 'username' | 'employeeNo' | 'email';

export type Step =
  | { action: 'create'; person: DirectoryUser; fields: DirectoryFields }
  | { action: 'link'; person: DirectoryUser; userId: number; username: string; fields: DirectoryFields }
  | { action: 'update'; person: DirectoryUser; userId: number; username: string; fields: DirectoryFields }
  | { action: 'disable'; externalId: string; userId: number; username: string; reason: string }
  | { action: 'skip'; externalId: string; username: string; reason: string };

export interface PlanInput {
  mode: RunMode;
  people: readonly DirectoryUser[];
  /** external id → account, for this source. */
  links: ReadonlyMap<string, number>;
  /** The linked accounts, and those found by the matching field. */
  accounts: ReadonlyMap<number, DirectoryAccount>;
  /** Accounts by the value of the matching field (unlinked candidates). */
  byField: ReadonlyMap<string, DirectoryAccount>;
  /** Values of the matching field that more than one account has: no match is made on them. */
  ambiguous: ReadonlySet<string>;
  /** Accounts by username (a new person's username may be taken). */
  byUsername: ReadonlyMap<string, DirectoryAccount>;
  /** Accounts linked to an identity of this source. */
  linkedUserIds: ReadonlySet<number>;
  admins: ReadonlySet<number>;
  matchBy: MatchBy;
  autoCreate: boolean;
  /** The source is an enterprise chat whose messages are addressed by its user id (users.external_id). */
  addressedById: boolean;
}

/** The fields of the directory's person, as the account stores them; a field the provider did not send is absent. */
export function personFields(p: DirectoryUser): DirectoryFields {
  const f: DirectoryFields = { realName: p.realName || p.username };
  if (p.email !== undefined) f.email = p.email && /^[^\s@]+@[^\s@]+$/.test(p.email) ? p.email.slice(0, 100) : null;
  if (p.phone !== undefined) f.phone = p.phone ? p.phone.slice(0, 30) : null;
  const department = p.department ?? p.departmentPath?.at(-1);
  if (department !== undefined) f.department = department ? department.slice(0, 100) : null;
  if (p.departmentPath !== undefined) f.departmentPath = departmentPathText(p.departmentPath);
  if (p.cardNo !== undefined) f.cardNo = p.cardNo ? p.cardNo.slice(0, 50) : null;
  if (p.employeeNo) f.employeeNo = p.employeeNo.slice(0, 50);
  return f;
}

/** The fields that differ from the account (only those the directory sent). */
export function changedFields(account: DirectoryAccount, f: DirectoryFields): DirectoryFields {
  const out: DirectoryFields = {};
  for (const key of Object.keys(f) as Array<keyof DirectoryFields>)
    if (f[key] !== undefined && (f[key] ?? null) !== (account[key] ?? null)) Object.assign(out, { [key]: f[key] });
  return out;
}

export function matchValue(p: DirectoryUser, by: MatchBy): string | undefined {
  if (by === 'username') return p.username || undefined;
  if (by === 'employeeNo') return p.employeeNo || undefined;
  if (by === 'email') return p.email?.toLowerCase() || undefined;
  return undefined;
}

export function plan(input: PlanInput): Step[] {
  const steps: Step[] = [];
  // The last entry of a person wins (a provider that lists someone in two departments).
  const people = new Map(input.people.map((p) => [p.externalId, p]));
  const claimed = new Set<number>();
  const newNames = new Set<string>();
  for (const person of people.values()) {
    const { externalId } = person;
    const fields = personFields(person);
    if (input.addressedById) fields.externalId = externalId.slice(0, 255);
    const linked = input.links.get(externalId);
    if (linked !== undefined) {
      claimed.add(linked);
      const account = input.accounts.get(linked);
      if (!account) continue; // deleted meanwhile: its link went with it
      if (input.admins.has(linked)) {
        steps.push({ action: 'skip', externalId, username: account.username, reason: 'administrator' });
        continue;
      }
      if (!person.active) {
        if (account.status === 1)
          steps.push({ action: 'disable', externalId, userId: linked, username: account.username, reason: 'left' });
        continue;
      }
      if (account.status !== 1) {
        steps.push({ action: 'skip', externalId, username: account.username, reason: 'disabledHere' });
        continue;
      }
      const changed = changedFields(account, fields);
      if (Object.keys(changed).length)
        steps.push({ action: 'update', person, userId: linked, username: account.username, fields: changed });
      continue;
    }
    if (!person.active) continue; // left before Atrium knew them
    const value = matchValue(person, input.matchBy);
    if (value !== undefined && input.ambiguous.has(value)) {
      steps.push({ action: 'skip', externalId, username: person.username, reason: 'ambiguousMatch' });
      continue;
    }
    const match = value === undefined ? undefined : input.byField.get(value);
    if (match) {
      if (input.admins.has(match.id))
        steps.push({ action: 'skip', externalId, username: match.username, reason: 'administrator' });
      else if (input.linkedUserIds.has(match.id) || claimed.has(match.id))
        steps.push({ action: 'skip', externalId, username: match.username, reason: 'linkedToAnother' });
      else {
        claimed.add(match.id);
        steps.push({ action: 'link', person, userId: match.id, username: match.username, fields });
      }
      continue;
    }
    if (!input.autoCreate) {
      steps.push({ action: 'skip', externalId, username: person.username, reason: 'notCreated' });
      continue;
    }
    if (!person.username || input.byUsername.has(person.username) || newNames.has(person.username)) {
      steps.push({ action: 'skip', externalId, username: person.username, reason: 'usernameTaken' });
      continue;
    }
    newNames.add(person.username);
    steps.push({ action: 'create', person, fields });
  }
  if (input.mode === 'full')
    for (const [externalId, userId] of input.links) {
      if (people.has(externalId)) continue;
      const account = input.accounts.get(userId);
      if (!account || account.status !== 1) continue;
      if (input.admins.has(userId))
        steps.push({ action: 'skip', externalId, username: account.username, reason: 'administrator' });
      else steps.push({ action: 'disable', externalId, userId, username: account.username, reason: 'notListed' });
    }
  return steps;
}
