/** The tablet's own language (cn / en / ja), kept on the server so it survives a reload or a re-pairing. */
import { useTranslation } from 'react-i18next';
import { PressedButton } from '../../../components/PressedButton.tsx';
import { LANG_NAMES, LANGS, type Lang } from '../../../i18n/index.ts';

export function PadLanguage({ onChange }: { onChange: (lang: Lang) => void }) {
  const { t, i18n } = useTranslation('pad');
  return (
    <div className="ui buttons pad-language" role="group" aria-label={t('language')}>
      {LANGS.map((lang) => (
        <PressedButton
          key={lang}
          look="basic"
          data-lang={lang}
          lang={lang === 'cn' ? 'zh-CN' : lang}
          pressed={i18n.language === lang}
          onClick={() => onChange(lang)}
        >
          {LANG_NAMES[lang]}
        </PressedButton>
      ))}
    </div>
  );
}
