/** The `{ code, msg, ...payload }` envelope of every API answer (docs/architecture.md A4.3). */
import { t, type Lang } from '../i18n/index.ts';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function success(lang: Lang, payload: Record<string, unknown> = {}): Record<string, unknown> {
  return { code: 0, msg: t(lang, 'common.success'), ...payload };
}

export function failure(
  lang: Lang,
  status: number,
  key: string,
  params: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
) {
  return { code: status, msg: t(lang, key, params as never), key, ...details };
}
