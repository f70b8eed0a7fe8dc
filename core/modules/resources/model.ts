import { TableModel } from '../../db/model.ts';

/** A bookable resource: a meeting room (type 0), a desk (type 1) or another type (docs/product-rules.md R3). */
export class ResourceModel extends TableModel {
  static override tableName = 'resources';
  static override coerce = { allDay: 'boolean', wholeDay: 'boolean' } as const;
  id!: number;
  name!: string;
  type!: number;
  capacity!: number;
  area!: number | null;
  description!: string | null;
  cableCount!: number;
  portCount!: number;
  outletCount!: number;
  teleconferenceNo!: string | null;
  locationId!: number;
  floorId!: number | null;
  /** Cents. */
  pricePerHour!: number;
  timeZone!: string;
  allDay!: boolean;
  /** 1 open, 0 disabled (between startDate and endDate when given). */
  status!: number;
  startDate!: string | null;
  endDate!: string | null;
  wholeDay!: boolean;
  sensorId!: string | null;
  cardReaderId!: string | null;
  lockId!: string | null;
  iconId!: number | null;
  posX!: number | null;
  posY!: number | null;
  sort!: number;
  createdAt!: number;
  updatedAt!: number;
}

/** One weekday's opening (0 Sunday .. 6 Saturday), wall-clock times in the resource's zone. */
export class ResourceOpenHoursModel extends TableModel {
  static override tableName = 'resource_open_hours';
  static override idColumn = ['resource_id', 'weekday'];
  static override coerce = { enabled: 'boolean' } as const;
  resourceId!: number;
  weekday!: number;
  enabled!: boolean;
  timeFrom!: string;
  timeTo!: string;
}

/** A span during which the resource cannot be booked. */
export class ResourceDisabledPeriodModel extends TableModel {
  static override tableName = 'resource_disabled_periods';
  id!: number;
  resourceId!: number;
  startAt!: number;
  endAt!: number;
  reason!: string | null;
  createdBy!: number | null;
  createdAt!: number;
}

/** A person named on a resource (the approver and exempt-user lists, one row each). */
abstract class ResourceUserModel extends TableModel {
  static override idColumn = ['resource_id', 'user_id'];
  resourceId!: number;
  userId!: number;
}

/** Who approves the resource's bookings. */
export class ResourceApproverModel extends ResourceUserModel {
  static override tableName = 'resource_approvers';
}

/** Who books the resource without approval. */
export class ResourceExemptUserModel extends ResourceUserModel {
  static override tableName = 'resource_exempt_users';
}

/** The user groups the resource is restricted to (none: everyone). */
export class ResourceGroupModel extends TableModel {
  static override tableName = 'resource_groups';
  static override idColumn = ['resource_id', 'group_id'];
  resourceId!: number;
  groupId!: number;
}

/** A device mounted at the resource. */
export class ResourceDeviceModel extends TableModel {
  static override tableName = 'resource_devices';
  static override idColumn = ['resource_id', 'device_id'];
  resourceId!: number;
  deviceId!: number;
}

/** A picture of the resource (an upload), in order. */
export class ResourceImageModel extends TableModel {
  static override tableName = 'resource_images';
  id!: number;
  resourceId!: number;
  uploadId!: string;
  sort!: number;
}
