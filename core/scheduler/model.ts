/** The objection model of the scheduler's leases (docs/conventions.md, "Models"). */
import { TableModel } from '../db/model.ts';

/** A job's due run, claimed by inserting its row (the primary key lets one process win). */
export class JobLeaseModel extends TableModel {
  static override tableName = 'job_leases';
  static override idColumn = ['job', 'due_at'];
  job!: string;
  dueAt!: number;
  holder!: string;
  startedAt!: number;
  finishedAt!: number | null;
  error!: string | null;
}
