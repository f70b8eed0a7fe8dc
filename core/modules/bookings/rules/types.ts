/** What every booking rule sees: the request resolved to instants, plus the facts the service looked up. */
import type { BookingTimes } from '../../../event-types.ts';
import type { MessageParams } from '../../../i18n/index.ts';
import type { DisabledPeriod, ResourceInfo } from '../resources.ts';

export interface RuleContext extends BookingTimes {
  now: number;
  resource: ResourceInfo;
  /** When modifying on the same resource: the booking's current start. Extending a meeting in progress keeps a start in the past. */
  originalStartAt?: number;
  /** A change of an existing booking (not a creation). */
  modifying?: boolean;
  /** Disabled periods of this resource overlapping the booking's day. */
  disabledPeriods: DisabledPeriod[];
  /** Busy times of the room's calendar that Atrium does not hold, where the provider is the source of truth. */
  busyOutside?: Array<{ startAt: number; endAt: number }>;
  /** Time config maxDuration in minutes (0 unlimited). */
  maxDurationMinutes: number;
  /** A booking administrator (bookings.manageAny): no maximum duration. */
  isSuper: boolean;
  daysAhead: number;
  countLimit: number;
  /** The organiser's active bookings other than the one being written. */
  activeCount: number;
  userGroupIds: number[];
  blocked: boolean;
  useCredit: boolean;
  balance: number;
  /** What this booking costs in cents. */
  price: number;
}

export interface RuleFailure {
  key: string;
  params?: MessageParams;
}

export type Rule = (c: RuleContext) => RuleFailure | null;
