import { TableModel } from '../../db/model.ts';

/** A system parameter: its value as JSON text, which always passed its catalogue schema on the way in. */
export class ParamModel extends TableModel {
  static override tableName = 'params';
  static override idColumn = 'key';
  key!: string;
  /** JSON. */
  value!: string;
  /** JSON `{ cn, en, ja }`. */
  remark!: string | null;
  groupName!: string;
  updatedAt!: number;
}

/** The time configuration: its single row, id 1. */
export class TimeConfigModel extends TableModel {
  static override tableName = 'time_config';
  id!: number;
  startTime!: string;
  endTime!: string;
  /** Minutes: 15 or 30. */
  interval!: number;
  /** Minutes, 0 unlimited. */
  maxDuration!: number;
  updatedAt!: number;
}
