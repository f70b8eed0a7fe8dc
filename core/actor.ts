import type { Lang } from './i18n/index.ts';
import { CAPABILITY_NAMES, codesOf, type Capability } from './modules/capabilities.ts';

export { codesOf, isCapability, type Capability } from './modules/capabilities.ts';

/**
 * Who is calling, as services see it: enough to check rights, stamp rows and
 * write the operation log, without any HTTP object.
 */
export interface Actor {
  userId: number;
  username: string;
  permissions: ReadonlySet<string>;
  lang: Lang;
  ip?: string;
  /** Set when the caller signed in with a session (not an API key or a job). */
  sessionId?: string;
  via: 'session' | 'apiKey' | 'system' | 'device';
  /**
   * A paired device (via 'device', no permissions): a door tablet and the one room it may see, or a wall screen
   * (no room; the one dashboard panel it shows, or none for every panel), docs/product-rules.md R19.
   */
  device?: DoorDevice | WallDevice;
  /** First sign-in or expired password: only the password change (and sign-out) is allowed until done. */
  mustChangePassword?: boolean;
}

export interface DoorDevice {
  tabletId: number;
  purpose: 'door';
  resourceId: number;
}

export interface WallDevice {
  tabletId: number;
  purpose: 'wall';
  resourceId: null;
  panelId: number | null;
}

/** Held by the system (jobs, CLI maintenance): passes every check (docs/product-rules.md R1.4). */
export const WILDCARD = '*';

/** The system itself: jobs and CLI maintenance (docs/product-rules.md R1.4). */
export function isSystem(actor: Actor): boolean {
  return actor.permissions.has(WILDCARD);
}

/** Whether the actor holds a permission code of the catalogue, exactly or through the wildcard. */
export function holds(actor: Actor, code: string): boolean {
  return actor.permissions.has(code) || actor.permissions.has(WILDCARD);
}

/** Whether the actor holds any permission on a screen (`<section>:<screen>`), or the wildcard. */
export function holdsOnScreen(actor: Actor, screen: string): boolean {
  return actor.permissions.has(WILDCARD) || [...actor.permissions].some((p) => p.startsWith(`${screen}:`));
}

/** Whether the actor may do what a capability names: it holds one of the codes that grant it, or the wildcard. */
export function can(actor: Actor, capability: Capability): boolean {
  return actor.permissions.has(WILDCARD) || codesOf(capability).some((c) => actor.permissions.has(c));
}

/** Every capability the actor has, sorted. */
export function capabilitiesOf(actor: Actor): Capability[] {
  return CAPABILITY_NAMES.filter((c) => can(actor, c));
}

/** The actor of scheduled jobs and CLI maintenance commands. */
export function systemActor(lang: Lang = 'en'): Actor {
  return { userId: 0, username: 'system', permissions: new Set([WILDCARD]), lang, via: 'system' };
}

/**
 * A background service of Atrium acting with an administrator's authority on bookings, where the booking lifecycle
 * gives the scheduler no say (a leaver's bookings cancelled by the directory sync, a meeting cancelled in a room's
 * calendar): user 0, no account, so the change is recorded as made by nobody, under `name`.
 */
export function serviceActor(name: string, lang: Lang = 'en'): Actor {
  return { userId: 0, username: name, permissions: new Set([WILDCARD]), lang, via: 'session' };
}
