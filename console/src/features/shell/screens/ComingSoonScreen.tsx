import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Icon, Segment } from 'semantic-ui-react';
import { useTitles } from '../../../layout/useTitles.ts';

/** Stands in for a screen that is not built yet, so every menu path renders inside the layout. */
export default function ComingSoon() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleOf = useTitles();
  return (
    <Segment className="coming-soon" data-testid="coming-soon" padded="very" textAlign="center">
      <Icon name="wrench" size="huge" aria-hidden="true" />
      <h1>{titleOf(pathname)}</h1>
      <p>{t('shell.comingSoon')}</p>
    </Segment>
  );
}
