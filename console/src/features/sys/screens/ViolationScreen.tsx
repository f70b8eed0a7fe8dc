/** /sys/violationlist: the violations counted towards the blocklist. */
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/format.ts';
import { violations } from '../api.ts';
import { LogList } from '../components/LogList.tsx';
import '../i18n.ts';

export default function ViolationScreen() {
  const { t, i18n } = useTranslation('sys');
  return (
    <LogList
      name="violations"
      title={t('title.violationlist')}
      source={violations}
      range
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.occurredAt, i18n.language) },
        {
          key: 'user',
          header: t('log.user'),
          render: (r) => (r.realName ? `${r.realName} (${r.username})` : r.username),
        },
        { key: 'booking', header: t('log.booking'), render: (r) => r.subject ?? r.bookingId ?? '' },
        { key: 'resource', header: t('log.resource'), render: (r) => r.resourceName ?? '' },
        { key: 'kind', header: t('log.action'), render: (r) => r.kind },
      ]}
    />
  );
}
