import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { PressedButton } from './PressedButton.tsx';
import { LANG_NAMES, LANGS } from '../i18n/index.ts';

/** cn / en / ja as three toggle buttons; the choice is stored by the i18n module. */
export function LanguageSwitch({ size = 'mini' }: { size?: 'mini' | 'tiny' | 'small' }) {
  const { t, i18n } = useTranslation();
  return (
    <Button.Group size={size} role="group" aria-label={t('common.language')} className="language-switch">
      {LANGS.map((lang) => (
        <PressedButton
          key={lang}
          data-lang={lang}
          lang={lang === 'cn' ? 'zh-CN' : lang}
          pressed={i18n.language === lang}
          onClick={() => void i18n.changeLanguage(lang)}
        >
          {LANG_NAMES[lang]}
        </PressedButton>
      ))}
    </Button.Group>
  );
}
