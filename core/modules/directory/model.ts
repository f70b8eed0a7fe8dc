/** The objection models of the directory module's tables (docs/conventions.md, "Models"; R21). */
import { TableModel } from '../../db/model.ts';
import type { Counts, ReportLine, RunMode, RunState } from './schema.ts';

/** One run of the directory sync, with its counts and its report. */
export class DirectoryRunModel extends TableModel {
  static override tableName = 'directory_runs';
  static override jsonAttributes = ['counts', 'report'];
  static override coerce = { startedAt: 'number', finishedAt: 'number', dryRun: 'boolean' } as const;
  id!: number;
  provider!: string;
  mode!: RunMode;
  dryRun!: boolean;
  state!: RunState;
  startedBy!: number | null;
  startedAt!: number;
  finishedAt!: number | null;
  counts!: Counts;
  report!: ReportLine[];
  error!: string | null;
}

/** A directory group that gives its people a role and/or a user group (R21.6). */
export class GroupMapModel extends TableModel {
  static override tableName = 'directory_group_maps';
  static override coerce = { createdAt: 'number' } as const;
  id!: number;
  source!: string;
  groupName!: string;
  roleId!: number | null;
  userGroupId!: number | null;
  createdBy!: number | null;
  createdAt!: number;
}
