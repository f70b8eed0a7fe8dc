/** Resources and their child tables, read in one query per table for a whole page. */
import type { Knex } from 'knex';
import { floorNames, locationNames } from '../locations/index.ts';
import {
  ResourceApproverModel,
  ResourceDeviceModel,
  ResourceDisabledPeriodModel,
  ResourceExemptUserModel,
  ResourceGroupModel,
  ResourceImageModel,
  ResourceOpenHoursModel,
  type ResourceModel,
} from './model.ts';
import type { ResourceView } from './schema.ts';

/** The rows of a child table by their resource. */
function byResource<R extends { resourceId: number }, T>(rows: R[], map: (r: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.resourceId) ?? [];
    list.push(map(r));
    out.set(r.resourceId, list);
  }
  return out;
}

/** Full views of `resources`, in their order. */
export async function loadViews(db: Knex | Knex.Transaction, resources: ResourceModel[]): Promise<ResourceView[]> {
  if (resources.length === 0) return [];
  const ids = resources.map((r) => r.id);
  const [hours, periods, approvers, exempt, groups, devices, images, locations, floors] = await Promise.all([
    ResourceOpenHoursModel.query(db).whereIn('resource_id', ids).orderBy('weekday'),
    ResourceDisabledPeriodModel.query(db).whereIn('resource_id', ids).orderBy('start_at'),
    ResourceApproverModel.query(db).whereIn('resource_id', ids).orderBy('user_id'),
    ResourceExemptUserModel.query(db).whereIn('resource_id', ids).orderBy('user_id'),
    ResourceGroupModel.query(db).whereIn('resource_id', ids).orderBy('group_id'),
    ResourceDeviceModel.query(db).whereIn('resource_id', ids).orderBy('device_id'),
    ResourceImageModel.query(db).whereIn('resource_id', ids).orderBy(['sort', 'id']),
    locationNames(
      db,
      resources.map((r) => r.locationId),
    ),
    floorNames(
      db,
      resources.flatMap((r) => (r.floorId ? [r.floorId] : [])),
    ),
  ]);
  const hoursBy = byResource(hours, (h) => ({
    weekday: h.weekday,
    enabled: h.enabled,
    timeFrom: h.timeFrom,
    timeTo: h.timeTo,
  }));
  const periodsBy = byResource(periods, (p) => ({ id: p.id, startAt: p.startAt, endAt: p.endAt, reason: p.reason }));
  const approversBy = byResource(approvers, (r) => r.userId);
  const exemptBy = byResource(exempt, (r) => r.userId);
  const groupsBy = byResource(groups, (r) => r.groupId);
  const devicesBy = byResource(devices, (r) => r.deviceId);
  const imagesBy = byResource(images, (r) => r.uploadId);
  return resources.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    capacity: r.capacity,
    area: r.area,
    description: r.description,
    cableCount: r.cableCount,
    portCount: r.portCount,
    outletCount: r.outletCount,
    teleconferenceNo: r.teleconferenceNo,
    locationId: r.locationId,
    locationName: locations.get(r.locationId) ?? '',
    floorId: r.floorId,
    floorName: r.floorId ? (floors.get(r.floorId) ?? null) : null,
    pricePerHour: r.pricePerHour,
    timeZone: r.timeZone,
    allDay: r.allDay,
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate,
    wholeDay: r.wholeDay,
    weekdays: hoursBy.get(r.id) ?? [],
    disabledPeriods: periodsBy.get(r.id) ?? [],
    approverIds: approversBy.get(r.id) ?? [],
    exemptUserIds: exemptBy.get(r.id) ?? [],
    groupIds: groupsBy.get(r.id) ?? [],
    deviceIds: devicesBy.get(r.id) ?? [],
    imageIds: imagesBy.get(r.id) ?? [],
    iconId: r.iconId,
    sensorId: r.sensorId,
    cardReaderId: r.cardReaderId,
    lockId: r.lockId,
    position: r.posX === null || r.posY === null ? null : { x: r.posX, y: r.posY },
    sort: r.sort,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}
