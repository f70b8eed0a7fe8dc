/**
 * What the booking calls let a caller do (docs/product-rules.md R2.7, R1.5), each granted by any one of the
 * booking centre's screen actions listed. The lifecycle (lifecycle.ts) still decides who may act on one
 * booking; these say who may use the calls at all. Imports only a type, so the console imports the names.
 */
import type { CapabilityTable } from '../../capability.ts';

export const BOOKINGS_CAPABILITIES = {
  /** Create a booking. */
  'bookings.book': [
    'center:reserve:reserve',
    'center:reservedesk:reserve',
    'center:search:reserve',
    'center:searchdesk:reserve',
    'center:suggest:reserve',
    'center:recurring:circle',
  ],
  /** Create or preview a series (docs/product-rules.md R5.1). */
  'bookings.bookSeries': ['center:reserve:circle', 'center:recurring:circle'],
  /** See the room-status grid and the inquiry, and any booking as the grid shows it. */
  'bookings.viewGrid': [
    'center:reserve:view',
    'center:reservedesk:view',
    'center:search:view',
    'center:searchdesk:view',
    'center:suggest:view',
    'center:meeting:view',
    'center:mydesk:view',
  ],
  /** List one's own bookings. */
  'bookings.listOwn': ['center:meeting:view', 'center:mydesk:view', 'center:reserve:view'],
  /** Change a booking (the lifecycle decides whose). */
  'bookings.change': ['center:reserve:update', 'center:meeting:update', 'center:recurring:update'],
  /** Cancel a booking (the lifecycle decides whose). */
  'bookings.cancel': [
    'center:reserve:cancel',
    'center:meeting:cancel',
    'center:mydesk:cancel',
    'center:recurring:cancel',
  ],
  /** The booking administrator: anyone's booking, no maximum duration, approvals nobody else decides (R1.5). */
  'bookings.manageAny': ['center:reserve:super'],
  /** See the approvals waiting for one. */
  'bookings.viewApprovals': ['center:approve:view'],
  /** Approve or deny a booking one is an approver of. */
  'bookings.decide': ['center:approve:approve'],
  /** See a user's credit balance and movements. */
  'bookings.viewCredit': ['sys:admin:recharge', 'sys:admin:view'],
  /** Add credit to a user's balance. */
  'bookings.recharge': ['sys:admin:recharge'],
} as const satisfies CapabilityTable<'bookings'>;

export type BookingsCapability = keyof typeof BOOKINGS_CAPABILITIES;
