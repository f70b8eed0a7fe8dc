import type { Knex } from 'knex';
import type { Lang } from '../../../i18n/index.ts';

export interface ReportFilter {
  from: string;
  to: string;
  locationId: number | null;
}

export interface ReportColumn {
  key: string;
  header: { cn: string; en: string; ja: string };
  width?: number;
}

/** One report type: its columns, how many rows it would have, and the rows themselves. */
export interface ReportKind {
  type: string;
  title: { cn: string; en: string; ja: string };
  columns: ReportColumn[];
  count(db: Knex, f: ReportFilter): Promise<number>;
  rows(db: Knex, f: ReportFilter, lang: Lang): Promise<Array<Record<string, unknown>>>;
}

export const col = (key: string, en: string, cn: string, ja: string, width = 16): ReportColumn => ({
  key,
  header: { en, cn, ja },
  width,
});
