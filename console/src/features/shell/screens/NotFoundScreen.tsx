import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle.ts';

/** Any unknown path (docs/product-rules.md R18.1). */
export default function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('routes.Not Found'));
  return (
    <main className="not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="ui primary button" to="/">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
