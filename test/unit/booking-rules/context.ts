/** A rule context that passes every rule; each test changes what it checks. */
import type { ResourceInfo } from '../../../core/modules/bookings/resources.ts';
import type { RuleContext } from '../../../core/modules/bookings/rules/types.ts';

export const NOW = Date.UTC(2027, 2, 1, 8, 0);

export function resource(over: Partial<ResourceInfo> = {}): ResourceInfo {
  return {
    id: 1,
    name: 'Oak',
    type: 0,
    capacity: 8,
    locationId: 1,
    floorId: 1,
    locationName: null,
    floorName: null,
    pricePerHour: 0,
    timeZone: 'UTC',
    allDay: false,
    status: 1,
    startDate: null,
    endDate: null,
    wholeDay: false,
    position: null,
    openHours: new Map(),
    groupIds: [],
    approverIds: [],
    exemptIds: [],
    ...over,
  };
}

export function context(over: Partial<RuleContext> = {}): RuleContext {
  return {
    now: NOW,
    resource: resource(),
    meetingDate: '2027-03-02',
    startTime: '09:00',
    endTime: '10:00',
    wholeDay: false,
    startAt: Date.UTC(2027, 2, 2, 9),
    endAt: Date.UTC(2027, 2, 2, 10),
    disabledPeriods: [],
    maxDurationMinutes: 0,
    isSuper: false,
    daysAhead: 0,
    countLimit: 0,
    activeCount: 0,
    userGroupIds: [],
    blocked: false,
    useCredit: false,
    balance: 0,
    price: 0,
    ...over,
  };
}
