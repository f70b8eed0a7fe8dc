/** Small pieces the sys and inte screens share: permissions, toasts, times, texts per language. */
import type { ApiError } from '../../../app/api.ts';
import '../i18n.ts';

export { useCan, useToast } from '../../../app/hooks.ts';

export function formatTime(ms: unknown, lang: string): string {
  if (typeof ms !== 'number' || !ms) return '—';
  return new Date(ms).toLocaleString(lang === 'cn' ? 'zh-CN' : lang);
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

export function errorMessage(error: unknown): string {
  const e = error as ApiError | undefined;
  return e?.msg ?? '';
}

/** yyyy-mm-dd of epoch ms (local), '' for none. */
export function toDateInput(ms: unknown): string {
  if (typeof ms !== 'number' || !ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function fromDateInput(v: unknown): number | null {
  if (typeof v !== 'string' || !v) return null;
  const [y, m, d] = v.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
}

/** A camelCase name as words: "passwordMinLength" → "Password min length". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
