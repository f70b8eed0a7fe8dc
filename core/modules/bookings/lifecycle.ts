/**
 * A booking's life in one place: its states, the sets of states the rest of the code asks about, the numeric
 * check status derived from the state, and the table of what each command does from each state and who may
 * run it. It imports nothing, so the console reads the same type, sets and table as the server.
 */

/** Its time is held in the slot table: nobody else may book it. */
export const HOLDS_TIME = ['pending', 'confirmed', 'checkedIn'] as const;
/** Nothing happens to it any more. */
export const FINAL = ['ended', 'cancelled', 'autoCancelled', 'denied', 'expired', 'revoked'] as const;
/** Every state: holding time, or final. */
export const BOOKING_STATES = [...HOLDS_TIME, ...FINAL] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Not begun: everything about it may still change (time, resource, series, check-in code). */
export const CHANGEABLE = ['pending', 'confirmed'] as const satisfies readonly BookingState[];
/** Approved, or needing no approval, and not over: the resource is the meeting's. */
export const CONFIRMED = ['confirmed', 'checkedIn'] as const satisfies readonly BookingState[];
/** A meeting that uses or used its resource's time (an ended one up to its check-out). */
export const USES_TIME = ['confirmed', 'checkedIn', 'ended'] as const satisfies readonly BookingState[];
/** Shown on the grid and in calendars: waiting, held, or held until it ended. */
export const ON_CALENDAR = ['pending', 'confirmed', 'checkedIn', 'ended'] as const satisfies readonly BookingState[];

/** Whether a state (read as a string) is one of a set. */
export const isIn = (set: readonly BookingState[], state: string): boolean =>
  (set as readonly string[]).includes(state);
export const isChangeable = (state: string): boolean => isIn(CHANGEABLE, state);
/** Waiting for an approver: not a meeting yet (no reminder, no calendar entry). */
export const awaitsApproval = (state: string): boolean => state === 'pending';

/**
 * The numeric check status clients of the older API read next to the state: 0 not checked in, 1 checked in,
 * 2 ended, 3 cancelled (by anyone, or by the system), 4 awaiting approval.
 */
export type CheckStatus = 0 | 1 | 2 | 3 | 4;
const CHECK_STATUS: Record<BookingState, CheckStatus> = {
  pending: 4,
  confirmed: 0,
  checkedIn: 1,
  ended: 2,
  cancelled: 3,
  autoCancelled: 3,
  denied: 3,
  expired: 3,
  revoked: 3,
};

export function checkStatusOf(state: BookingState): CheckStatus {
  return CHECK_STATUS[state];
}

/** The columns a change of state writes: the state and the check status that follows from it, never one alone. */
export function stateColumns(state: BookingState): { state: BookingState; check_status: CheckStatus } {
  return { state, check_status: CHECK_STATUS[state] };
}

/**
 * A new booking waits for its approvers, or stands at once: the create command's two moves in the table, picked
 * by whether the resource needs approval for this organiser.
 */
export function initialState(needsApproval: boolean): BookingState {
  const to = LIFECYCLE.create.from[NEW]!.to.find((s) => awaitsApproval(s) === needsApproval);
  if (!to) throw new Error(`create has no move for needsApproval=${needsApproval}`);
  return to;
}

/**
 * Who runs a command. A door tablet and the scheduler act without a user. `codeHolder` is anyone signed in who
 * presents the booking's check-in code (the code is what the door tablet asks for). `approver` is an approver of
 * the booking's resource other than its organiser, or a booking administrator where nobody else approves it.
 * `bookingAdmin` holds center:reserve:super.
 */
export const ROLES = [
  'organiser',
  'attendee',
  'codeHolder',
  'approver',
  'bookingAdmin',
  'doorTablet',
  'scheduler',
] as const;
export type Role = (typeof ROLES)[number];

export const COMMANDS = [
  'create',
  'approve',
  'deny',
  'revoke',
  'expire',
  'checkIn',
  'checkOut',
  'extend',
  'cancel',
  'noShow',
  'modify',
  'modifySeries',
  'changeCode',
] as const;
export type Command = (typeof COMMANDS)[number];

/** The state a booking is created from. */
export const NEW = 'new';
export type FromState = BookingState | typeof NEW;

/** When, against the booking's own times, a move may happen; each bound has the message of its refusal (checked end first). */
export interface Window {
  /** Not before its start (the start passed). */
  fromStart?: string;
  /** Before its start. */
  beforeStart?: string;
  /** Before its end. */
  beforeEnd?: string;
}

export interface Move {
  /** The states it may lead to; the first unless the command has a reason for another (approval needed). */
  to: readonly [BookingState, ...BookingState[]];
  when?: Window;
  /** Only its end and details may change: a meeting under way keeps its start and its resource. */
  endOnly?: true;
}

export interface CommandRule {
  by: readonly Role[];
  from: Partial<Record<FromState, Move>>;
  refusals: {
    /** A caller in none of the roles; `byRole` for a caller who is refused for being someone in particular. */
    role: string;
    byRole?: Partial<Record<Role, string>>;
    /** A state the command does not run from; `byState` where a state has its own reason. */
    state: string;
    byState?: Partial<Record<BookingState, string>>;
  };
}

const OWNER: readonly Role[] = ['organiser', 'bookingAdmin'];
const NOT_OVER = { beforeEnd: 'bookings.notChangeable' };
const UNDECIDED = { beforeStart: 'approvals.startPassed' };
const STATE_ONLY = { role: 'bookings.notOrganiser', state: 'bookings.notChangeable' };
/** An approver's decision: never on one's own booking (the organiser withdraws it instead). */
const DECISION = {
  role: 'approvals.notApprover',
  byRole: { organiser: 'approvals.ownBooking' },
  state: 'approvals.notPending',
};

/** What each command does from each state, and who may run it. Anything not listed is refused. */
export const LIFECYCLE: Readonly<Record<Command, CommandRule>> = {
  create: {
    by: ['organiser'],
    from: { new: { to: ['confirmed', 'pending'] } },
    refusals: { role: 'bookings.notAllowed', state: 'bookings.notChangeable' },
  },
  approve: {
    by: ['approver'],
    from: { pending: { to: ['confirmed'], when: UNDECIDED } },
    refusals: DECISION,
  },
  deny: {
    by: ['approver'],
    from: { pending: { to: ['denied'], when: UNDECIDED } },
    refusals: DECISION,
  },
  revoke: {
    by: ['organiser'],
    from: { pending: { to: ['revoked'], when: UNDECIDED } },
    refusals: { role: 'bookings.notOrganiser', state: 'approvals.notPending' },
  },
  expire: {
    by: ['scheduler'],
    from: { pending: { to: ['expired'], when: { fromStart: 'bookings.notStarted' } } },
    refusals: { role: 'bookings.schedulerOnly', state: 'approvals.notPending' },
  },
  checkIn: {
    by: ['organiser', 'attendee', 'codeHolder', 'doorTablet'],
    from: { confirmed: { to: ['checkedIn'], when: { beforeEnd: 'bookings.checkInClosed' } } },
    refusals: {
      role: 'bookings.notAllowed',
      state: 'bookings.notChangeable',
      byState: { pending: 'bookings.notApproved' },
    },
  },
  checkOut: {
    by: ['organiser', 'bookingAdmin', 'doorTablet'],
    from: {
      checkedIn: {
        to: ['ended'],
        when: { fromStart: 'bookings.notStarted', beforeEnd: 'bookings.notChangeable' },
      },
    },
    refusals: { ...STATE_ONLY, byState: { confirmed: 'bookings.notCheckedIn' } },
  },
  extend: {
    by: ['organiser', 'bookingAdmin', 'doorTablet'],
    from: {
      pending: { to: ['pending', 'confirmed'], when: NOT_OVER, endOnly: true },
      confirmed: { to: ['confirmed', 'pending'], when: NOT_OVER, endOnly: true },
      checkedIn: { to: ['checkedIn'], when: NOT_OVER, endOnly: true },
    },
    refusals: STATE_ONLY,
  },
  cancel: {
    by: OWNER,
    from: {
      pending: { to: ['cancelled'], when: NOT_OVER },
      confirmed: { to: ['cancelled'], when: NOT_OVER },
      // Checked in early, the meeting has not begun: it may still be called off; once begun, it is checked out.
      checkedIn: { to: ['cancelled'], when: { ...NOT_OVER, beforeStart: 'bookings.underway' } },
    },
    refusals: STATE_ONLY,
  },
  noShow: {
    by: ['scheduler'],
    from: { confirmed: { to: ['autoCancelled'], when: { fromStart: 'bookings.notStarted' } } },
    refusals: { role: 'bookings.schedulerOnly', state: 'bookings.notChangeable' },
  },
  modify: {
    by: OWNER,
    from: {
      pending: { to: ['pending', 'confirmed'], when: NOT_OVER },
      confirmed: { to: ['confirmed', 'pending'], when: NOT_OVER },
      checkedIn: { to: ['checkedIn'], when: NOT_OVER, endOnly: true },
    },
    refusals: STATE_ONLY,
  },
  modifySeries: {
    by: OWNER,
    from: {
      pending: { to: ['pending', 'confirmed'], when: NOT_OVER },
      confirmed: { to: ['confirmed', 'pending'], when: NOT_OVER },
    },
    refusals: STATE_ONLY,
  },
  changeCode: {
    by: ['organiser'],
    from: {
      pending: { to: ['pending'], when: NOT_OVER },
      confirmed: { to: ['confirmed'], when: NOT_OVER },
    },
    refusals: STATE_ONLY,
  },
};

export type Refusal = 'role' | 'state' | 'time';
export type Verdict =
  { ok: true; to: BookingState; move: Move } | { ok: false; refusal: Refusal; key: string; state: FromState };

export interface Situation {
  roles: Iterable<Role>;
  state: FromState;
  /** The booking's times and the present; a command without a window needs none. */
  startAt?: number;
  endAt?: number;
  now?: number;
  /** The state the command chose among its move's; the first when absent. */
  to?: BookingState;
}

/** Whether a caller in `roles` may run `command` on a booking as it is now, and where that leads. */
export function judge(command: Command, s: Situation): Verdict {
  const rule = LIFECYCLE[command];
  const refuse = (refusal: Refusal, key: string): Verdict => ({ ok: false, refusal, key, state: s.state });
  const denied = roleRefusal(command, s.roles);
  if (denied) return refuse('role', denied);
  const move = rule.from[s.state];
  if (!move) return refuse('state', (s.state !== NEW && rule.refusals.byState?.[s.state]) || rule.refusals.state);
  const w = move.when ?? {};
  const { startAt = 0, endAt = 0, now = 0 } = s;
  if (w.beforeEnd && now >= endAt) return refuse('time', w.beforeEnd);
  if (w.beforeStart && now >= startAt) return refuse('time', w.beforeStart);
  if (w.fromStart && now < startAt) return refuse('time', w.fromStart);
  const to = s.to ?? move.to[0];
  if (!move.to.includes(to)) throw new Error(`${command} does not lead from ${s.state} to ${to}`);
  return { ok: true, to, move };
}

/** The message refusing a caller in `roles` the command whatever the booking's state, or null when they may run it. */
export function roleRefusal(command: Command, roles: Iterable<Role>): string | null {
  const rule = LIFECYCLE[command];
  const held = new Set(roles);
  if (rule.by.some((r) => held.has(r))) return null;
  const special = Object.entries(rule.refusals.byRole ?? {}).find(([r]) => held.has(r as Role));
  return special?.[1] ?? rule.refusals.role;
}

/** Whether `command` may lead from `from` to `to` at all (a command choosing among its move's states asks first). */
export function leadsTo(command: Command, from: FromState, to: BookingState): boolean {
  return LIFECYCLE[command].from[from]?.to.includes(to) ?? false;
}

/** The states a command runs from (a guarded update names them, so a booking changed meanwhile is left alone). */
export function statesFrom(command: Command): BookingState[] {
  return Object.keys(LIFECYCLE[command].from).filter((s): s is BookingState => s !== NEW);
}
