/** /sys/status: the door tablets and whether they are connected. */
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/format.ts';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { devices } from '../../room/api.ts';
import { LogList } from '../components/LogList.tsx';
import '../i18n.ts';

export default function StatusScreen() {
  const { t, i18n } = useTranslation('sys');
  return (
    <LogList
      name="padstatus"
      title={t('title.status')}
      source={{ list: devices.list }}
      query={{ kind: 'pad' }}
      columns={[
        { key: 'name', header: t('status.name'), render: (d) => d.name },
        { key: 'no', header: t('status.deviceNo'), render: (d) => d.deviceNo },
        { key: 'room', header: t('log.resource'), render: (d) => d.resourceName ?? '' },
        {
          key: 'state',
          header: t('status.state'),
          render: (d) => (
            <StatusLabel tone={d.connected ? 'green' : 'grey'}>
              {d.connected ? t('status.online') : t('status.offline')}
            </StatusLabel>
          ),
        },
        { key: 'last', header: t('status.lastSeen'), render: (d) => formatTime(d.lastSeenAt, i18n.language) },
      ]}
    />
  );
}
