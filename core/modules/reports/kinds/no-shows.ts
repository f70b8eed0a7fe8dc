import type { Knex } from 'knex';
import { byDepartment, col, type ReportFilter, type ReportKind } from './kind.ts';

function base(db: Knex, f: ReportFilter) {
  const q = db('bookings as b')
    .join('resources as r', 'r.id', 'b.resource_id')
    .join('users as u', 'u.id', 'b.organiser_id')
    .where('b.state', 'autoCancelled')
    .whereBetween('b.meeting_date', [f.from, f.to]);
  if (f.locationId) q.where('r.location_id', f.locationId);
  byDepartment(q, f);
  return q;
}

/** Each no-show with its organiser and how many violations they have in all. */
export const noShowsReport: ReportKind = {
  type: 'noShows',
  title: { en: 'No-shows and violations', cn: '未签到与违约', ja: 'ノーショーと違反' },
  columns: [
    col('meetingDate', 'Date', '日期', '日付', 12),
    col('startTime', 'Start', '开始', '開始', 8),
    col('resource', 'Resource', '资源', 'リソース', 18),
    col('username', 'Account', '账号', 'アカウント', 14),
    col('organiser', 'Organiser', '预约人', '予約者', 16),
    col('department', 'Department', '部门', '部署', 16),
    col('subject', 'Subject', '主题', '件名', 28),
    col('violations', 'Violations in all', '累计违约', '違反累計', 12),
  ],
  count: async (db, f) => Number((await base(db, f).count({ n: '*' }).first())?.n ?? 0),
  rows: async (db, f) => {
    const rows = (await base(db, f)
      .orderBy([{ column: 'b.meeting_date' }, { column: 'b.start_time' }])
      .select(
        'b.meeting_date',
        'b.start_time',
        'r.name as resource',
        'u.id as user_id',
        'u.username',
        'u.real_name',
        'u.department',
        'b.subject',
      )) as Array<Record<string, unknown>>;
    const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
    const counts = new Map<number, number>();
    for (let i = 0; i < userIds.length; i += 500) {
      for (const c of (await db('violations')
        .whereIn('user_id', userIds.slice(i, i + 500))
        .groupBy('user_id')
        .select('user_id')
        .count({ n: '*' })) as Array<{ user_id: number; n: number | string }>) {
        counts.set(Number(c.user_id), Number(c.n));
      }
    }
    return rows.map((r) => ({
      meetingDate: r.meeting_date,
      startTime: r.start_time,
      resource: r.resource,
      username: r.username,
      organiser: r.real_name,
      department: r.department ?? '',
      subject: r.subject,
      violations: counts.get(Number(r.user_id)) ?? 0,
    }));
  },
};
