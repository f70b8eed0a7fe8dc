/** The objection models of the change record's tables (docs/conventions.md, "Models"; docs/architecture.md A8). */
import { TableModel } from '../../db/model.ts';

/** One committed change; the ids are the commit order, without gaps (taken from domain_event_sequence). */
export class DomainEventModel extends TableModel {
  static override tableName = 'domain_events';
  id!: number;
  type!: string;
  bookingId!: number | null;
  /** JSON: the event as committed. */
  payload!: string;
  createdAt!: number;
}

/** The one row whose lock orders the ids as the commits. */
export class DomainEventSequenceModel extends TableModel {
  static override tableName = 'domain_event_sequence';
  id!: number;
  lastId!: number;
}

/** A target's progress through the record, and the dispatcher holding it while it works. */
export class DomainEventTargetModel extends TableModel {
  static override tableName = 'domain_event_targets';
  static override idColumn = 'target';
  target!: string;
  lastEventId!: number;
  heldBy!: string | null;
  heldUntil!: number | null;
  attempts!: number;
  retryAt!: number | null;
  lastError!: string | null;
  updatedAt!: number;
}

/** A change a target had to set aside after its attempts. */
export class DomainEventFailureModel extends TableModel {
  static override tableName = 'domain_event_failures';
  id!: number;
  target!: string;
  eventId!: number;
  type!: string;
  attempts!: number;
  error!: string | null;
  failedAt!: number;
}
