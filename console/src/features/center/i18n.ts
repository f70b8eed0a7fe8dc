/** The booking centre's own texts (namespace `center`), in the three languages of the shell. */
import i18n from '../../i18n/index.ts';
import cn from './i18n/cn.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import ja from './i18n/ja.json' with { type: 'json' };

export const NS = 'center';
for (const [lang, bundle] of Object.entries({ cn, en, ja })) {
  if (!i18n.hasResourceBundle(lang, NS)) i18n.addResourceBundle(lang, NS, bundle, true, true);
}
