/** How the console writes values: times, dates, texts given per language, names made readable. */

const locale = (lang: string) => (lang === 'cn' ? 'zh-CN' : lang);

/** Epoch ms as a local date and time in the page's language; — for none. */
export function formatTime(ms: unknown, lang: string): string {
  if (typeof ms !== 'number' || !ms) return '—';
  return new Date(ms).toLocaleString(locale(lang));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a Date in local time. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** HH:mm of a Date in local time. */
export function hhmm(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** YYYY-MM-DD of epoch ms (local), '' for none: the value of a date input. */
export function toDateInput(ms: unknown): string {
  return typeof ms === 'number' && ms ? isoDate(new Date(ms)) : '';
}

/** Epoch ms of a date input's value (local midnight), null for none. */
export function fromDateInput(v: unknown): number | null {
  if (typeof v !== 'string' || !v) return null;
  const [y, m, d] = v.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
}

/** A text given per language ({cn, en, ja}) in the current language. */
export function inLang(texts: unknown, lang: string): string {
  if (typeof texts === 'string') return texts;
  if (!texts || typeof texts !== 'object') return '';
  const map = texts as Record<string, string>;
  return map[lang] ?? map.en ?? map.cn ?? Object.values(map)[0] ?? '';
}

/** A menu-like item's title ({title, titleEn, titleJa}) in the current language. */
export function titleOf(item: { title?: string; titleEn?: string; titleJa?: string }, lang: string): string {
  if (lang === 'en') return item.titleEn || item.title || '';
  if (lang === 'ja') return item.titleJa || item.titleEn || item.title || '';
  return item.title || '';
}

/** A camelCase name as words: "passwordMinLength" → "Password min length". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The members of a union of names, in the order written, from a record that
 * must name each exactly once: the compiler checks the console's list against
 * the server's type (`keysOf<DeviceKind>({ pad: true, ... })`).
 */
export function keysOf<K extends string>(all: Record<K, true>): K[] {
  return Object.keys(all) as K[];
}
