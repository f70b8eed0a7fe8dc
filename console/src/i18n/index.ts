/**
 * Console texts in cn (default), en and ja. The language (docs/product-rules.md R18.5): the
 * stored choice, else the browser's: zh-CN or cn → cn, ja or ja-JP → ja,
 * anything else → en; the choice is written back to storage.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import cn from './cn.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import ja from './ja.json' with { type: 'json' };

export const LANGS = ['cn', 'en', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export const LANG_NAMES: Record<Lang, string> = { cn: '简体中文', en: 'English', ja: '日本語' };
const HTML_LANG: Record<Lang, string> = { cn: 'zh-CN', en: 'en', ja: 'ja' };

export function isLang(v: unknown): v is Lang {
  return LANGS.includes(v as Lang);
}

export function langFromBrowser(tag: string | undefined): Lang {
  const t = (tag ?? '').toLowerCase();
  if (t === 'cn' || t.startsWith('zh')) return 'cn';
  if (t === 'ja' || t.startsWith('ja-')) return 'ja';
  return 'en';
}

function readStored(): string | null {
  try {
    return localStorage.getItem('lang');
  } catch {
    return null;
  }
}

export function initialLang(): Lang {
  const stored = readStored();
  if (isLang(stored)) return stored;
  return langFromBrowser(typeof navigator === 'undefined' ? undefined : navigator.language);
}

function remember(lang: string): void {
  try {
    localStorage.setItem('lang', lang);
  } catch {
    // storage unavailable: the choice lasts the page
  }
  if (typeof document !== 'undefined' && isLang(lang)) document.documentElement.lang = HTML_LANG[lang];
}

void i18n.use(initReactI18next).init({
  resources: { cn: { translation: cn }, en: { translation: en }, ja: { translation: ja } },
  lng: initialLang(),
  fallbackLng: 'cn',
  interpolation: { escapeValue: false },
  returnNull: false,
});
remember(i18n.language);
i18n.on('languageChanged', remember);

/** A menu entry's title in the current language. */
export function menuTitle(meta: { title: string; titleEn: string; titleJa: string }, lang: string): string {
  if (lang === 'en') return meta.titleEn || meta.title;
  if (lang === 'ja') return meta.titleJa || meta.titleEn || meta.title;
  return meta.title;
}

export default i18n;
