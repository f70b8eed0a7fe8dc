/** The objection models of the logs module's tables (docs/conventions.md, "Models"). */
import { TableModel } from '../../db/model.ts';

/** One administrative change: who, what, on which target, with its before and after (JSON, secrets removed). */
export class OperationLogModel extends TableModel {
  static override tableName = 'operation_logs';
  id!: number;
  userId!: number | null;
  username!: string | null;
  action!: string;
  target!: string | null;
  summary!: string | null;
  ip!: string | null;
  createdAt!: number;
}

/** One step of a booking's life (created, approved, checked in, ...). */
export class ReservationLogModel extends TableModel {
  static override tableName = 'reservation_logs';
  id!: number;
  bookingId!: number | null;
  resourceId!: number | null;
  userId!: number | null;
  action!: string;
  detail!: string | null;
  createdAt!: number;
}

/** A statement's shape (literals removed) and its timings, for the SQL monitor. */
export class SqlStatModel extends TableModel {
  static override tableName = 'sql_stats';
  static override idColumn = 'shape_hash';
  static override coerce = { totalMs: 'number', maxMs: 'number' } as const;
  shapeHash!: string;
  shape!: string;
  count!: number;
  totalMs!: number;
  maxMs!: number;
  slowCount!: number;
  lastAt!: number;
}
