import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const PRODUCT = 'Atrium';

/** Sets document.title to the page's title in the current language. */
export function usePageTitle(title: string | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT}` : PRODUCT;
  }, [title, i18n.language]);
}
