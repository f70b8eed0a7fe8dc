import type { DashboardService } from '../../dashboard/index.ts';
import { col, type ReportKind } from './kind.ts';

/** Utilisation per resource: booked over open hours, through the dashboard's figures. */
export function utilisationReport(dashboard: DashboardService): ReportKind {
  const usage = (f: { from: string; to: string; locationId: number | null }) =>
    dashboard.usage({ from: f.from, to: f.to, locationId: f.locationId ?? undefined });
  return {
    type: 'utilisation',
    title: { en: 'Utilisation per resource', cn: '资源使用率', ja: 'リソース稼働率' },
    columns: [
      col('resource', 'Resource', '资源', 'リソース', 20),
      col('location', 'Location', '位置', 'ロケーション', 18),
      col('floor', 'Floor', '楼层', 'フロア', 14),
      col('bookings', 'Bookings', '预约数', '予約数', 10),
      col('bookedHours', 'Booked hours', '预约小时', '予約時間', 12),
      col('openHours', 'Open hours', '开放小时', '開放時間', 12),
      col('utilisation', 'Utilisation %', '使用率 %', '稼働率 %', 12),
    ],
    count: async (_db, f) => (await usage(f)).filter((u) => u.openMinutes > 0 || u.bookedMinutes > 0).length,
    rows: async (_db, f) =>
      (await usage(f))
        .filter((u) => u.openMinutes > 0 || u.bookedMinutes > 0)
        .map((u) => ({
          resource: u.name,
          location: u.location_name,
          floor: u.floor_name ?? '',
          bookings: u.bookings,
          bookedHours: Math.round((u.bookedMinutes / 60) * 100) / 100,
          openHours: Math.round((u.openMinutes / 60) * 100) / 100,
          utilisation: u.openMinutes > 0 ? Math.round((u.bookedMinutes / u.openMinutes) * 1000) / 10 : 0,
        })),
  };
}
