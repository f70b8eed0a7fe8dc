/**
 * Whether an account may act now, whatever it acts through: a sign-in, a session's every request
 * and refresh, an API key. Disabled accounts never; restricted ones only inside their window
 * (from enable_at, before restrict_at).
 */
export interface AccountState {
  /** 1 normal, 0 disabled. */
  status: number;
  /** A boolean from the user's model; 0 or 1 from a plain join (ACCOUNT_STATE_COLUMNS). */
  restricted: number | boolean | null;
  enableAt: number | null;
  restrictAt: number | null;
}

/** The users columns `accountStanding` reads, named as AccountState names them, for queries that join users. */
export const ACCOUNT_STATE_COLUMNS = [
  'status',
  'restricted',
  'enable_at as enableAt',
  'restrict_at as restrictAt',
] as const;

export type AccountStanding = 'active' | 'disabled' | 'outsideWindow';

export function accountStanding(user: AccountState, now: number): AccountStanding {
  if (user.status !== 1) return 'disabled';
  if (!user.restricted) return 'active';
  // An empty (null or 0) bound leaves that side of the window open.
  const enableAt = user.enableAt ?? 0;
  const restrictAt = user.restrictAt ?? 0;
  if (enableAt > 0 && now < enableAt) return 'outsideWindow';
  if (restrictAt > 0 && now >= restrictAt) return 'outsideWindow';
  return 'active';
}
