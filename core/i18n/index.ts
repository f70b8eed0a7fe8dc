/**
 * Server messages in the three languages of the product. Services raise errors
 * with a message key; the HTTP layer turns the key into text in the caller's
 * language, chosen by the `i18n` request header.
 */
import { catalogue } from './messages/index.ts';

export const LANGS = ['cn', 'en', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'cn';

let installationLang: Lang = DEFAULT_LANG;
/**
 * The installation's language for whoever says none (a request without a language, a person without one, a door
 * label): the `defaultLanguage` parameter (docs/product-rules.md R15.1), kept here by the parameters' snapshot as it
 * is read, so it follows a change within the snapshot's second; the product default until then.
 */
export function defaultLang(): Lang {
  return installationLang;
}
export function setDefaultLang(lang: unknown): void {
  if (LANGS.includes(lang as Lang)) installationLang = lang as Lang;
}

/** docs/product-rules.md R18.5: zh-CN or cn gives cn, ja or ja-JP ja, anything else en; nothing the default. */
export function resolveLang(value: string | undefined | null): Lang {
  if (!value) return installationLang;
  const v = value.split(',')[0]!.trim().toLowerCase();
  if (v === '' || v === '*') return installationLang;
  if (v === 'cn' || v.startsWith('zh')) return 'cn';
  if (v === 'ja' || v.startsWith('ja-')) return 'ja';
  return 'en';
}

export type MessageParams = Record<string, string | number | boolean | null | undefined>;

/** Text of `key` in `lang`, with `{name}` placeholders filled; falls back to English, then to the key. */
export function t(lang: Lang, key: string, params: MessageParams = {}): string {
  const template = catalogue[lang][key] ?? catalogue.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

export function hasMessage(key: string): boolean {
  return key in catalogue.en;
}
