import type { Knex } from 'knex';
import { byDepartment, col, type ReportFilter, type ReportKind } from './kind.ts';

// Charges net of refunds: a booking cancelled in time costs nothing.
function base(db: Knex, f: ReportFilter) {
  const q = db('credit_ledger as c')
    .join('bookings as b', 'b.id', 'c.booking_id')
    .join('resources as r', 'r.id', 'b.resource_id')
    .join('users as u', 'u.id', 'c.user_id')
    .whereIn('c.kind', ['charge', 'refund'])
    .whereBetween('b.meeting_date', [f.from, f.to]);
  if (f.locationId) q.where('r.location_id', f.locationId);
  byDepartment(q, f);
  return q.groupBy('u.department', 'u.cost_center');
}

/** Charges per department and cost centre, in currency units. */
export const chargesReport: ReportKind = {
  type: 'charges',
  title: { en: 'Charges per department and cost centre', cn: '部门与成本中心费用', ja: '部署・コストセンター別料金' },
  columns: [
    col('department', 'Department', '部门', '部署', 20),
    col('costCenter', 'Cost centre', '成本中心', 'コストセンター', 16),
    col('bookings', 'Bookings', '预约数', '予約数', 10),
    col('amount', 'Amount', '金额', '金額', 12),
  ],
  count: async (db, f) => (await base(db, f).select('u.department')).length,
  rows: async (db, f) => {
    const rows = (await base(db, f)
      .orderBy('u.department')
      .select('u.department', 'u.cost_center')
      .sum({ cents: 'c.amount' })
      .countDistinct({ n: 'c.booking_id' })) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      department: r.department ?? '',
      costCenter: r.cost_center ?? '',
      bookings: Number(r.n),
      amount: Math.round(-Number(r.cents)) / 100,
    }));
  },
};
