import type { Lang } from './i18n/index.ts';

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
  via: 'session' | 'apiKey' | 'system';
  /** First sign-in or expired password: only the password change (and sign-out) is allowed until done. */
  mustChangePassword?: boolean;
}

export function can(actor: Actor, permission: string): boolean {
  return actor.permissions.has(permission);
}

/** The actor of scheduled jobs and CLI maintenance commands. */
export function systemActor(lang: Lang = 'en'): Actor {
  return { userId: 0, username: 'system', permissions: new Set(['*']), lang, via: 'system' };
}
