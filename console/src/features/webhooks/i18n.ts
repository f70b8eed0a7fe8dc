/** The webhooks screen's texts: namespace 'webhooks' (useTranslation('webhooks')). */
import i18n from '../../i18n/index.ts';
import cn from './i18n/cn.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import ja from './i18n/ja.json' with { type: 'json' };

const bundles = { cn, en, ja };
for (const [lang, bundle] of Object.entries(bundles)) {
  if (!i18n.hasResourceBundle(lang, 'webhooks')) i18n.addResourceBundle(lang, 'webhooks', bundle, true, true);
}
