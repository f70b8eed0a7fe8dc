import { TableModel } from '../../db/model.ts';
import type { WaitlistState } from './schema.ts';

/** One person waiting for one taken range of one resource (docs/product-rules.md R25.1). */
export class WaitlistEntryModel extends TableModel {
  static override tableName = 'waitlist_entries';
  static override coerce = {
    wholeDay: 'boolean',
    autoBook: 'boolean',
    startAt: 'number',
    endAt: 'number',
    bookingId: 'number',
    createdAt: 'number',
    updatedAt: 'number',
  } as const;
  id!: number;
  userId!: number;
  resourceId!: number;
  meetingDate!: string;
  startTime!: string;
  endTime!: string;
  wholeDay!: boolean;
  startAt!: number;
  endAt!: number;
  subject!: string;
  autoBook!: boolean;
  state!: WaitlistState;
  reason!: string | null;
  bookingId!: number | null;
  waitingKey!: string | null;
  createdAt!: number;
  updatedAt!: number;
}
