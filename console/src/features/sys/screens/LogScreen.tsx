/** /sys/log: the operation log (who changed what, before and after). */
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/format.ts';
import { operationLog } from '../api.ts';
import { LogList } from '../components/LogList.tsx';
import '../i18n.ts';

export default function LogScreen() {
  const { t, i18n } = useTranslation('sys');
  return (
    <LogList
      name="oplog"
      title={t('title.log')}
      source={operationLog}
      range
      exportPath="/sys/logs/operations/export"
      exportPerm="sys:log:export"
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.createdAt, i18n.language) },
        { key: 'user', header: t('log.user'), render: (r) => r.username ?? r.userId ?? '' },
        { key: 'action', header: t('log.action'), render: (r) => r.action },
        { key: 'target', header: t('log.target'), render: (r) => r.target ?? '' },
        { key: 'ip', header: t('log.ip'), render: (r) => r.ip ?? '' },
        {
          key: 'detail',
          header: t('log.detail'),
          render: (r) => (
            <span style={{ wordBreak: 'break-all' }}>{JSON.stringify(r.summary ?? '').slice(0, 200)}</span>
          ),
        },
      ]}
    />
  );
}
