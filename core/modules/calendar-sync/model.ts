/** The objection models of the calendar-sync module's tables (docs/conventions.md, "Models"; R23). */
import { TableModel } from '../../db/model.ts';

/** A room whose calendar at the provider is mirrored both ways. */
export class CalendarRoomModel extends TableModel {
  static override tableName = 'calendar_rooms';
  static override idColumn = 'resource_id';
  static override coerce = { createdAt: 'number', sourceOfTruth: 'boolean' } as const;
  resourceId!: number;
  ref!: string;
  /** The provider is the source of truth: its calendar is read before a booking of the room is made or moved. */
  sourceOfTruth!: boolean;
  createdAt!: number;
}

/** An event written into a room's calendar outside Atrium, and what became of it. */
export class CalendarEventModel extends TableModel {
  static override tableName = 'calendar_events';
  static override coerce = { startAt: 'number', endAt: 'number', updatedAt: 'number' } as const;
  id!: number;
  resourceId!: number;
  uid!: string;
  sequence!: number;
  state!: 'pending' | 'booked' | 'declined' | 'cancelled';
  bookingId!: number | null;
  subject!: string;
  organiserName!: string | null;
  organiserEmail!: string | null;
  startAt!: number;
  endAt!: number;
  reason!: string | null;
  updatedAt!: number;
}
