/** The face feature's texts: namespace 'face' (useTranslation('face')). */
import i18n from '../../i18n/index.ts';
import cn from './i18n/cn.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import ja from './i18n/ja.json' with { type: 'json' };

const bundles = { cn, en, ja };
for (const [lang, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lang, 'face')) i18n.addResourceBundle(lang, 'face', bundle, true, true);
}
