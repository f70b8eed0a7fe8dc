/**
 * The resource form's draft: made from a resource or for a new one, changed
 * through one reducer, checked by the server's rules before it is sent, and
 * turned into the body PUT/POST /room/resources expects.
 */
import type { FieldErrors } from '../../../../components/crud/index.ts';
import { hhmm, isoDate } from '../../../../components/format.ts';
import type { ResourceBody, ResourceView } from '../../api.ts';

export interface Period {
  id?: number;
  /** The saved instants: sent back unchanged unless the dates or times were edited. */
  startAt?: number;
  endAt?: number;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  reason: string;
}
export interface Weekday {
  weekday: number;
  enabled: boolean;
  timeFrom: string;
  timeTo: string;
}
export interface ResourceDraft {
  id: number | null;
  name: string;
  type: number;
  capacity: string;
  area: string;
  description: string;
  cableCount: string;
  portCount: string;
  outletCount: string;
  teleconferenceNo: string;
  locationId: number | null;
  floorId: number | null;
  price: string;
  timeZone: string;
  allDay: boolean;
  status: 0 | 1;
  startDate: string;
  endDate: string;
  wholeDay: boolean;
  weekdays: Weekday[];
  periods: Period[];
  approverIds: number[];
  exemptUserIds: number[];
  groupIds: number[];
  deviceIds: number[];
  imageIds: string[];
  iconId: number | null;
  position: { x: number; y: number } | null;
  sort: number;
}

/** Fields edited as they are; the lists have actions of their own. */
type Plain = Exclude<keyof ResourceDraft, 'weekdays' | 'periods' | 'imageIds'>;

export type DraftAction =
  | { type: 'load'; draft: ResourceDraft }
  | { type: 'set'; patch: { [K in Plain]?: ResourceDraft[K] } }
  | { type: 'location'; locationId: number | null }
  | { type: 'day'; weekday: number; patch: Partial<Weekday> }
  | { type: 'addPeriod' }
  | { type: 'period'; index: number; patch: Partial<Period> }
  | { type: 'removePeriod'; index: number }
  | { type: 'addImage'; id: string }
  | { type: 'removeImage'; id: string };

export function draftReducer(d: ResourceDraft, a: DraftAction): ResourceDraft {
  switch (a.type) {
    case 'load':
      return a.draft;
    case 'set':
      return { ...d, ...a.patch };
    case 'location':
      // Another location's floors differ: the floor is chosen again.
      return { ...d, locationId: a.locationId, floorId: null };
    case 'day':
      return { ...d, weekdays: d.weekdays.map((w) => (w.weekday === a.weekday ? { ...w, ...a.patch } : w)) };
    case 'addPeriod':
      return {
        ...d,
        periods: [...d.periods, { startDate: '', startTime: '00:00', endDate: '', endTime: '24:00', reason: '' }],
      };
    case 'period':
      return { ...d, periods: d.periods.map((p, i) => (i === a.index ? { ...p, ...a.patch } : p)) };
    case 'removePeriod':
      return { ...d, periods: d.periods.filter((_, i) => i !== a.index) };
    case 'addImage':
      return { ...d, imageIds: [...d.imageIds, a.id] };
    case 'removeImage':
      return { ...d, imageIds: d.imageIds.filter((x) => x !== a.id) };
  }
}

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
/** The server's rules: times HH:mm (24:00 allowed), dates YYYY-MM-DD, at most 7 devices. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_DEVICES = 7;

const split = (ms: number) => ({ date: isoDate(new Date(ms)), time: hhmm(new Date(ms)) });

export function emptyDraft(type: number): ResourceDraft {
  return {
    id: null,
    name: '',
    type,
    capacity: type === 1 ? '1' : '',
    area: '',
    description: '',
    cableCount: '0',
    portCount: '0',
    outletCount: '0',
    teleconferenceNo: '',
    locationId: null,
    floorId: null,
    price: '0',
    timeZone: '',
    allDay: false,
    status: 1,
    startDate: '',
    endDate: '',
    wholeDay: false,
    weekdays: WEEKDAYS.map((weekday) => ({
      weekday,
      enabled: weekday >= 1 && weekday <= 5,
      timeFrom: '08:00',
      timeTo: '20:00',
    })),
    periods: [],
    approverIds: [],
    exemptUserIds: [],
    groupIds: [],
    deviceIds: [],
    imageIds: [],
    iconId: null,
    position: null,
    sort: 0,
  };
}

export function draftOf(r: ResourceView): ResourceDraft {
  const byDay = new Map(r.weekdays.map((w) => [w.weekday, w]));
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    capacity: String(r.capacity),
    area: r.area === null ? '' : String(r.area),
    description: r.description ?? '',
    cableCount: String(r.cableCount),
    portCount: String(r.portCount),
    outletCount: String(r.outletCount),
    teleconferenceNo: r.teleconferenceNo ?? '',
    locationId: r.locationId,
    floorId: r.floorId,
    price: (r.pricePerHour / 100).toFixed(2),
    timeZone: r.timeZone,
    allDay: r.allDay,
    status: r.status === 0 ? 0 : 1,
    startDate: r.startDate ?? '',
    endDate: r.endDate ?? '',
    wholeDay: r.wholeDay,
    weekdays: WEEKDAYS.map((weekday) => {
      const w = byDay.get(weekday);
      return w ? { ...w } : { weekday, enabled: true, timeFrom: '00:00', timeTo: '24:00' };
    }),
    periods: r.disabledPeriods.map((p) => {
      const s = split(p.startAt);
      const e = split(p.endAt);
      return {
        id: p.id,
        startAt: p.startAt,
        endAt: p.endAt,
        startDate: s.date,
        startTime: s.time,
        endDate: e.date,
        endTime: e.time,
        reason: p.reason ?? '',
      };
    }),
    approverIds: r.approverIds,
    exemptUserIds: r.exemptUserIds,
    groupIds: r.groupIds,
    deviceIds: r.deviceIds,
    imageIds: r.imageIds,
    iconId: r.iconId,
    position: r.position,
    sort: r.sort,
  };
}

const unchanged = (p: Period) =>
  p.startAt !== undefined &&
  p.endAt !== undefined &&
  split(p.startAt).date === p.startDate &&
  split(p.startAt).time === p.startTime &&
  split(p.endAt).date === p.endDate &&
  split(p.endAt).time === p.endTime;

/** The body PUT/POST /room/resources expects. */
export function bodyOf(d: ResourceDraft): ResourceBody {
  const int = (v: string) => (v.trim() === '' ? 0 : Math.round(Number(v)));
  return {
    name: d.name,
    type: d.type,
    capacity: int(d.capacity),
    area: d.area.trim() === '' ? null : Number(d.area),
    description: d.description || null,
    cableCount: int(d.cableCount),
    portCount: int(d.portCount),
    outletCount: int(d.outletCount),
    teleconferenceNo: d.teleconferenceNo || null,
    locationId: d.locationId ?? 0,
    floorId: d.floorId,
    pricePerHour: Math.round(Number(d.price || 0) * 100),
    timeZone: d.timeZone || undefined,
    allDay: d.allDay,
    status: d.status,
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    wholeDay: d.wholeDay,
    weekdays: d.weekdays,
    disabledPeriods: d.periods.map((p) =>
      unchanged(p)
        ? { startAt: p.startAt, endAt: p.endAt, reason: p.reason || null }
        : {
            startDate: p.startDate,
            startTime: p.startTime,
            endDate: p.endDate,
            endTime: p.endTime,
            reason: p.reason || null,
          },
    ),
    approverIds: d.approverIds,
    exemptUserIds: d.exemptUserIds,
    groupIds: d.groupIds,
    deviceIds: d.deviceIds,
    imageIds: d.imageIds,
    iconId: d.iconId,
    position: d.position,
    sort: d.sort,
  };
}

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The server's ResourceInput rules, checked before sending (field names as the server gives its errors). */
export function validate(d: ResourceDraft, t: Translate): FieldErrors {
  const e: FieldErrors = {};
  const wholeIn = (v: string, min: number, max: number) => /^\d+$/.test(v.trim()) && +v >= min && +v <= max;
  if (!d.name.trim()) e.name = t('form.required');
  if (!d.locationId) e.locationId = t('form.required');
  if (!wholeIn(d.capacity, 1, 10_000)) e.capacity = t('form.positiveInt');
  if (d.price.trim() === '' || !(Number(d.price) >= 0)) e.pricePerHour = t('form.required');
  if (d.area.trim() !== '' && !(Number(d.area) >= 0)) e.area = t('form.number');
  for (const k of ['cableCount', 'portCount', 'outletCount'] as const)
    if (d[k].trim() !== '' && !wholeIn(d[k], 0, 10_000)) e[k] = t('form.nonNegativeInt');
  if (d.deviceIds.length > MAX_DEVICES) e.deviceIds = t('form.maxDevices');
  if (d.startDate && d.endDate && d.startDate > d.endDate) e.endDate = t('form.endBeforeStart');
  for (const w of d.weekdays) {
    if (!HHMM.test(w.timeFrom) || !HHMM.test(w.timeTo)) e[`weekdays.${w.weekday}`] = t('form.hhmm');
    else if (w.timeFrom >= w.timeTo) e[`weekdays.${w.weekday}`] = t('form.toAfterFrom');
  }
  d.periods.forEach((p, i) => {
    if (!DATE.test(p.startDate) || !DATE.test(p.endDate) || !HHMM.test(p.startTime) || !HHMM.test(p.endTime))
      e[`disabledPeriods.${i}`] = t('form.periodDates');
    else if (`${p.endDate} ${p.endTime}` <= `${p.startDate} ${p.startTime}`)
      e[`disabledPeriods.${i}`] = t('form.endBeforeStart');
  });
  return e;
}
