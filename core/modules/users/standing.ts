/**
 * Whether an account may act now, whatever it acts through: a sign-in, a session's every request
 * and refresh, an API key. Disabled accounts never; restricted ones only inside their window
 * (from enable_at, before restrict_at).
 */
export interface AccountState {
  status: number | boolean;
  restricted: number | boolean | null;
  enable_at: number | null;
  restrict_at: number | null;
}

/** The users columns `accountStanding` reads, for queries that join users. */
export const ACCOUNT_STATE_COLUMNS = ['status', 'restricted', 'enable_at', 'restrict_at'] as const;

export type AccountStanding = 'active' | 'disabled' | 'outsideWindow';

export function accountStanding(user: AccountState, now: number): AccountStanding {
  if (Number(user.status) !== 1) return 'disabled';
  if (!Number(user.restricted)) return 'active';
  // An empty (null or 0) bound leaves that side of the window open.
  const enableAt = Number(user.enable_at ?? 0);
  const restrictAt = Number(user.restrict_at ?? 0);
  if (enableAt > 0 && now < enableAt) return 'outsideWindow';
  if (restrictAt > 0 && now >= restrictAt) return 'outsideWindow';
  return 'active';
}
