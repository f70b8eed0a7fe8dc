import type { Knex } from 'knex';
import type { Lang } from '../../../i18n/index.ts';
import { inDepartment } from '../../users/index.ts';

export interface ReportFilter {
  from: string;
  to: string;
  locationId: number | null;
  /** Only the people of this department and those below it (their department path; docs/product-rules.md R21.7). */
  department?: string | null;
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

/** Narrows a report's query to the filter's department, its people joined as `u` (the organiser or the payer). */
export function byDepartment(q: Knex.QueryBuilder, f: ReportFilter): Knex.QueryBuilder {
  return f.department ? inDepartment(q, 'u.department_path', f.department) : q;
}
