/** The "newer release" notice for administrators (GET /sys/release; off unless a feed URL is configured). */
import { useTranslation } from 'react-i18next';
import { Message } from 'semantic-ui-react';
import { useCan } from '../../../app/hooks.ts';
import { useReleaseInfoQuery } from '../api.ts';

export function ReleaseNotice() {
  const { t } = useTranslation('sys');
  const can = useCan();
  const allowed = can('sys:setting:view');
  const { data: r } = useReleaseInfoQuery(undefined, { skip: !allowed });
  if (!allowed || !r?.newer) return null;
  return (
    <Message info data-testid="release-notice" role="status">
      <Message.Header>{t('release.newer', { latest: r.latest ?? '', current: r.current })}</Message.Header>
      {r.notes && <p>{r.notes}</p>}
      {r.url && (
        <a href={r.url} target="_blank" rel="noreferrer noopener">
          {t('release.details')}
        </a>
      )}
    </Message>
  );
}
