/** Who the caller is to a booking, and the lifecycle table's verdict on a command, as an error when it refuses. */
import type { Actor } from '../../actor.ts';
import { BusinessRuleError, ForbiddenError } from '../../errors.ts';
import {
  judge,
  roleRefusal,
  type BookingState,
  type Command,
  type FromState,
  type Move,
  type Role,
  type Verdict,
} from './lifecycle.ts';
import { isBookingAdmin } from './sight.ts';

/** What the caller has looked up about the actor, where the command needs it (approvers, attendees). */
export interface RoleFacts {
  /** An approver of the booking's resource, or a booking administrator standing in where nobody else approves. */
  approver?: boolean;
  attendee?: boolean;
}

/** The roles of the lifecycle table the actor holds for a booking. Jobs act as the scheduler, and as nobody else. */
export function rolesOf(actor: Actor, b: { organiserId: number } | null, facts: RoleFacts = {}): Set<Role> {
  if (actor.via === 'system') return new Set(['scheduler']);
  const roles = new Set<Role>(['codeHolder']);
  if (b === null || b.organiserId === actor.userId) roles.add('organiser');
  if (isBookingAdmin(actor)) roles.add('bookingAdmin');
  if (facts.approver && b?.organiserId !== actor.userId) roles.add('approver');
  if (facts.attendee) roles.add('attendee');
  // A door tablet (or a person authenticated at it) acts for its own room only: the tablets module checks the room.
  if (actor.device) roles.add('doorTablet');
  return roles;
}

export function refusalError(v: Extract<Verdict, { ok: false }>): Error {
  if (v.refusal === 'role') return new ForbiddenError(v.key);
  return new BusinessRuleError(v.key, { state: v.state });
}

/** Refuses a caller who may not run `command` on this booking in any state (a series command checks each row's state itself). */
export function assertRole(command: Command, actor: Actor, b: { organiserId: number }, facts: RoleFacts = {}): void {
  const key = roleRefusal(command, rolesOf(actor, b, facts));
  if (key) throw new ForbiddenError(key);
}

/**
 * Asks the lifecycle table whether the actor may run `command` on the booking now: answers the state it leads to
 * (`to` where the command chose one of several) and the move, or throws the table's refusal.
 */
export function allow(
  command: Command,
  actor: Actor,
  b: { organiserId: number; state: FromState; startAt: number; endAt: number },
  now: number,
  opts: RoleFacts & { to?: BookingState } = {},
): { to: BookingState; move: Move } {
  const v = judge(command, {
    roles: rolesOf(actor, b, opts),
    state: b.state,
    startAt: b.startAt,
    endAt: b.endAt,
    now,
    to: opts.to,
  });
  if (!v.ok) throw refusalError(v);
  return v;
}
