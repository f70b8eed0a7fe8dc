/** What the screen reads off the day: the meeting under way and the one after it. */
import type { PadDay, PadMeeting } from '../api.ts';

export function currentMeeting(day: PadDay, now: number): PadMeeting | null {
  const byStatus = day.status.bookingId === null ? undefined : day.meetings.find((m) => m.id === day.status.bookingId);
  if (byStatus && byStatus.startAt <= now) return byStatus;
  return day.meetings.find((m) => m.startAt <= now && now < m.endAt) ?? null;
}

export function nextMeeting(day: PadDay, now: number): PadMeeting | null {
  return day.meetings.find((m) => m.startAt > now) ?? null;
}

/** The meeting a check-in is for: the current one, else the next, when the server says it is open. */
export function checkInMeeting(day: PadDay, now: number): PadMeeting | null {
  const candidates = [currentMeeting(day, now), nextMeeting(day, now), ...day.meetings];
  return candidates.find((m): m is PadMeeting => Boolean(m?.canCheckIn)) ?? null;
}

export type Tone = 'green' | 'amber' | 'red';

export const TONE: Record<PadDay['status']['state'], Tone> = {
  free: 'green',
  freeUntil: 'green',
  startingSoon: 'amber',
  awaitingCheckIn: 'amber',
  inUse: 'red',
  busy: 'red',
};
