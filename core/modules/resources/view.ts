/** Resource rows and their child tables, read in one query per table for a whole page. */
import type { Knex } from 'knex';
import type { ResourceView } from './schema.ts';

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const group = <T>(rows: Row[], map: (r: Row) => T): Map<number, T[]> => {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const key = Number(r.resource_id);
    const list = out.get(key) ?? [];
    list.push(map(r));
    out.set(key, list);
  }
  return out;
};

/** Full views of `rows` (resources table rows), in their order. */
export async function loadViews(db: Knex | Knex.Transaction, rows: Row[]): Promise<ResourceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [hours, periods, approvers, exempt, groups, devices, images] = await Promise.all([
    db('resource_open_hours').whereIn('resource_id', ids).orderBy('weekday'),
    db('resource_disabled_periods').whereIn('resource_id', ids).orderBy('start_at'),
    db('resource_approvers').whereIn('resource_id', ids).orderBy('user_id'),
    db('resource_exempt_users').whereIn('resource_id', ids).orderBy('user_id'),
    db('resource_groups').whereIn('resource_id', ids).orderBy('group_id'),
    db('resource_devices').whereIn('resource_id', ids).orderBy('device_id'),
    db('resource_images').whereIn('resource_id', ids).orderBy(['sort', 'id']),
  ]);
  const [locations, floors] = await Promise.all([
    db('locations')
      .whereIn('id', [...new Set(rows.map((r) => Number(r.location_id)))])
      .select('id', 'name'),
    db('floors')
      .whereIn('id', [...new Set(rows.filter((r) => r.floor_id).map((r) => Number(r.floor_id)))])
      .select('id', 'display_name'),
  ]);
  const locationName = new Map(locations.map((l: Row) => [Number(l.id), String(l.name)]));
  const floorName = new Map(floors.map((f: Row) => [Number(f.id), String(f.display_name)]));
  const hoursBy = group(hours, (h) => ({
    weekday: Number(h.weekday),
    enabled: Boolean(h.enabled),
    timeFrom: String(h.time_from),
    timeTo: String(h.time_to),
  }));
  const periodsBy = group(periods, (p) => ({
    id: Number(p.id),
    startAt: Number(p.start_at),
    endAt: Number(p.end_at),
    reason: str(p.reason),
  }));
  const approversBy = group(approvers, (r) => Number(r.user_id));
  const exemptBy = group(exempt, (r) => Number(r.user_id));
  const groupsBy = group(groups, (r) => Number(r.group_id));
  const devicesBy = group(devices, (r) => Number(r.device_id));
  const imagesBy = group(images, (r) => String(r.upload_id));
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id,
      name: String(r.name),
      type: Number(r.type),
      capacity: Number(r.capacity),
      area: numOrNull(r.area),
      description: str(r.description),
      cableCount: Number(r.cable_count),
      portCount: Number(r.port_count),
      outletCount: Number(r.outlet_count),
      teleconferenceNo: str(r.teleconference_no),
      locationId: Number(r.location_id),
      locationName: locationName.get(Number(r.location_id)) ?? '',
      floorId: numOrNull(r.floor_id),
      floorName: r.floor_id ? (floorName.get(Number(r.floor_id)) ?? null) : null,
      pricePerHour: Number(r.price_per_hour),
      timeZone: String(r.time_zone),
      allDay: Boolean(r.all_day),
      status: Number(r.status),
      startDate: str(r.start_date),
      endDate: str(r.end_date),
      wholeDay: Boolean(r.whole_day),
      weekdays: hoursBy.get(id) ?? [],
      disabledPeriods: periodsBy.get(id) ?? [],
      approverIds: approversBy.get(id) ?? [],
      exemptUserIds: exemptBy.get(id) ?? [],
      groupIds: groupsBy.get(id) ?? [],
      deviceIds: devicesBy.get(id) ?? [],
      imageIds: imagesBy.get(id) ?? [],
      iconId: numOrNull(r.icon_id),
      sensorId: str(r.sensor_id),
      cardReaderId: str(r.card_reader_id),
      lockId: str(r.lock_id),
      position:
        r.pos_x === null || r.pos_x === undefined || r.pos_y === null || r.pos_y === undefined
          ? null
          : { x: Number(r.pos_x), y: Number(r.pos_y) },
      sort: Number(r.sort),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  });
}
