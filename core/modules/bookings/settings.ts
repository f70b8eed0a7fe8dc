/**
 * The parameters the booking engine reads, fetched once per request. Read them
 * before opening a transaction: the time config is read on the pool, and SQLite's
 * pool has a single connection that the transaction would be holding.
 */
import type { Db } from './deps.ts';
import type { ParamsService } from '../params/index.ts';

export interface BookingSettings {
  daysAhead: number;
  countLimit: number;
  passCodeLength: number;
  passcodeUpdatable: boolean;
  bookNeedPhone: boolean;
  checkInWindowMinutes: number;
  checkInEarlyMinutes: number;
  autoCancelTypes: number[];
  useCredit: boolean;
  useApproval: boolean;
  useCircle: boolean;
  showOthersSubject: boolean;
  maxDurationMinutes: number;
  interval: number;
  dayStartTime: string;
  dayEndTime: string;
}

const KEYS = [
  'bookingDaysAhead',
  'bookingCountLimit',
  'passCodeLength',
  'passcodeUpdatable',
  'bookNeedPhone',
  'checkInWindowMinutes',
  'checkInEarlyMinutes',
  'autoCancelResource',
  'options',
  'useApproval',
  'useCircleReservation',
  'showOthersSubject',
] as const;

export async function loadSettings(params: ParamsService, db?: Db): Promise<BookingSettings> {
  const [p, time] = await Promise.all([params.getMany(KEYS, db), params.getTimeConfig()]);
  const flags = String(p.options ?? '').split('|');
  return {
    daysAhead: Number(p.bookingDaysAhead),
    countLimit: Number(p.bookingCountLimit),
    passCodeLength: Number(p.passCodeLength),
    passcodeUpdatable: Boolean(p.passcodeUpdatable),
    bookNeedPhone: Boolean(p.bookNeedPhone),
    checkInWindowMinutes: Number(p.checkInWindowMinutes),
    checkInEarlyMinutes: Number(p.checkInEarlyMinutes),
    autoCancelTypes: String(p.autoCancelResource ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
    useCredit: flags.includes('useCredit'),
    useApproval: Boolean(p.useApproval),
    useCircle: Boolean(p.useCircleReservation),
    showOthersSubject: Boolean(p.showOthersSubject),
    maxDurationMinutes: time.maxDuration,
    interval: time.interval,
    dayStartTime: time.startTime,
    dayEndTime: time.endTime,
  };
}
