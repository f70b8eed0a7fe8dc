/** /sys/reservelog: what happened to bookings, by whom. */
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/format.ts';
import { reservationLog } from '../api.ts';
import { LogList } from '../components/LogList.tsx';
import '../i18n.ts';

const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export default function ReserveLogScreen() {
  const { t, i18n } = useTranslation('sys');
  return (
    <LogList
      name="reservelog"
      title={t('title.reservelog')}
      source={reservationLog}
      range
      exportPath="/sys/logs/reservations/export"
      exportPerm="sys:reservelog:export"
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
        { key: 'user', header: t('log.user'), render: (r) => r.username ?? r.userId ?? '' },
        { key: 'action', header: t('log.action'), render: (r) => r.action },
        { key: 'booking', header: t('log.booking'), render: (r) => r.bookingId ?? '' },
        { key: 'resource', header: t('log.resource'), render: (r) => r.resourceName ?? r.resourceId ?? '' },
        { key: 'detail', header: t('log.detail'), render: (r) => text(r.detail) },
      ]}
    />
  );
}
