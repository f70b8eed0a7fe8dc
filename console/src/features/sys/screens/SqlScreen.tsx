/** /sys/setting/sql: the SQL monitor, statements grouped by shape with their times. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'semantic-ui-react';
import { formatTime } from '../../../components/format.ts';
import { sqlStats } from '../api.ts';
import { LogList } from '../components/LogList.tsx';
import '../i18n.ts';

export default function SqlScreen() {
  const { t, i18n } = useTranslation('sys');
  const [slowOnly, setSlowOnly] = useState(false);
  return (
    <LogList
      name="sql"
      title={t('title.sql')}
      source={sqlStats}
      rowKey={(r) => r.shapeHash}
      query={slowOnly ? { slowOnly: true } : {}}
      toolbar={
        <Checkbox
          toggle
          id="sql-slow-only"
          label={t('sql.slowOnly')}
          checked={slowOnly}
          onChange={(_, d) => setSlowOnly(Boolean(d.checked))}
        />
      }
      columns={[
        {
          key: 'shape',
          header: t('sql.shape'),
          render: (r) => <code style={{ wordBreak: 'break-all' }}>{r.shape}</code>,
        },
        { key: 'count', header: t('sql.count'), render: (r) => r.count },
        { key: 'mean', header: t('sql.mean'), render: (r) => r.meanMs },
        { key: 'max', header: t('sql.max'), render: (r) => r.maxMs },
        { key: 'slow', header: t('sql.slow'), render: (r) => r.slowCount },
        { key: 'last', header: t('sql.last'), render: (r) => formatTime(r.lastAt, i18n.language) },
      ]}
    />
  );
}
