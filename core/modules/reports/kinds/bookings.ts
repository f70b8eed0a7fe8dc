import type { Knex } from 'knex';
import { byDepartment, col, type ReportFilter, type ReportKind } from './kind.ts';

function base(db: Knex, f: ReportFilter) {
  const q = db('bookings as b')
    .join('resources as r', 'r.id', 'b.resource_id')
    .join('locations as l', 'l.id', 'r.location_id')
    .leftJoin('floors as fl', 'fl.id', 'r.floor_id')
    .join('users as u', 'u.id', 'b.organiser_id')
    .whereBetween('b.meeting_date', [f.from, f.to]);
  if (f.locationId) q.where('r.location_id', f.locationId);
  byDepartment(q, f);
  return q;
}

/** Every booking in the range, one row each. */
export const bookingsReport: ReportKind = {
  type: 'bookings',
  title: { en: 'Booking details', cn: '预约明细', ja: '予約明細' },
  columns: [
    col('meetingDate', 'Date', '日期', '日付', 12),
    col('startTime', 'Start', '开始', '開始', 8),
    col('endTime', 'End', '结束', '終了', 8),
    col('resource', 'Resource', '资源', 'リソース', 18),
    col('location', 'Location', '位置', 'ロケーション', 18),
    col('floor', 'Floor', '楼层', 'フロア', 14),
    col('organiser', 'Organiser', '预约人', '予約者', 16),
    col('department', 'Department', '部门', '部署', 16),
    col('subject', 'Subject', '主题', '件名', 28),
    col('state', 'State', '状态', '状態', 12),
    col('checkedInAt', 'Checked in', '签到时间', 'チェックイン', 18),
    col('cancelReason', 'Cancellation reason', '取消原因', 'キャンセル理由', 24),
  ],
  count: async (db, f) => Number((await base(db, f).count({ n: '*' }).first())?.n ?? 0),
  rows: async (db, f) => {
    const rows = await base(db, f)
      .orderBy([{ column: 'b.meeting_date' }, { column: 'b.start_time' }, { column: 'b.id' }])
      .select(
        'b.meeting_date',
        'b.start_time',
        'b.end_time',
        'r.name as resource',
        'l.name as location',
        'fl.display_name as floor',
        'u.real_name as organiser',
        'u.department',
        'b.subject',
        'b.state',
        'b.checked_in_at',
        'b.cancel_reason',
        'b.time_zone',
      );
    return (rows as Array<Record<string, unknown>>).map((r) => ({
      meetingDate: r.meeting_date,
      startTime: r.start_time,
      endTime: r.end_time,
      resource: r.resource,
      location: r.location,
      floor: r.floor ?? '',
      organiser: r.organiser,
      department: r.department ?? '',
      subject: r.subject,
      state: r.state,
      checkedInAt: r.checked_in_at ? new Date(Number(r.checked_in_at)).toISOString() : '',
      cancelReason: r.cancel_reason ?? '',
    }));
  },
};
