import { isDisabledOn } from '../../resources/index.ts';
import type { Rule } from './types.ts';

/** A resource switched off (status 0), for good or between its start and end dates. */
export const resourceStatus: Rule = (c) =>
  isDisabledOn(c.resource, c.meetingDate) ? { key: 'bookings.resourceDisabled' } : null;
