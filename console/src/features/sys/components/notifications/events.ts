import { keysOf } from '../../../../components/format.ts';
import type { TemplateEvent } from '../../api.ts';

/** The events that have a notification template, checked against the server's list by the compiler. */
export const EVENTS = keysOf<TemplateEvent>({
  'booking.created': true,
  'booking.updated': true,
  'booking.cancelled': true,
  'booking.reminder': true,
  'booking.approvalRequested': true,
  'booking.approved': true,
  'booking.denied': true,
  'booking.expired': true,
  'booking.revoked': true,
  'booking.autoCancelled': true,
  'user.violation': true,
  'user.blocklisted': true,
  'user.released': true,
  'user.passwordExpiring': true,
});
