import { useTranslation } from 'react-i18next';

/** The loading screen: shown while a lazy part or the session loads. */
export function Loading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'loading-screen full' : 'loading-screen'} role="status" aria-live="polite">
      <div className="ui active centered inline loader" aria-hidden="true" />
      <p>{t('common.loading')}</p>
    </div>
  );
}
